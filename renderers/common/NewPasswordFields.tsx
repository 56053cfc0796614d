import { Form, Input } from 'antd';
import { PASSWORD_MESSAGES } from '../../src/core/validation/password';
import { confirmPasswordRules, newPasswordRules } from './password-rules';

export interface NewPasswordFieldsProps {
  /** the two fields' labels, e.g. 新密码 / 确认新密码 */
  label: string;
  confirmLabel: string;
  /** the repeated password's field name (the API's, when it takes both) */
  confirmName?: string;
  placeholder: string;
  confirmPlaceholder: string;
  messages: PasswordFieldMessages;
}

/** what the fields say when one is left empty, and when the two differ */
export interface PasswordFieldMessages {
  empty: string;
  confirmEmpty: string;
  mismatch?: string;
}

/** the console's dialogs (change password, admin reset) speak the messages */
export const CONSOLE_PASSWORD_MESSAGES: PasswordFieldMessages = {
  empty: PASSWORD_MESSAGES.new,
  confirmEmpty: PASSWORD_MESSAGES.confirm,
  mismatch: PASSWORD_MESSAGES.differ,
};

/**
 * A new password typed twice (register, recovery, change and admin reset): required, as strong as
 * the server demands (checked before submitting), and the same both times.
 */
export function NewPasswordFields({
  label,
  confirmLabel,
  confirmName = 'confirm',
  placeholder,
  confirmPlaceholder,
  messages: { empty, confirmEmpty, mismatch },
}: NewPasswordFieldsProps) {
  return (
    <>
      <Form.Item name="password" label={label} rules={newPasswordRules(empty)} validateFirst>
        <Input.Password placeholder={placeholder} autoComplete="new-password" />
      </Form.Item>
      <Form.Item
        name={confirmName}
        label={confirmLabel}
        dependencies={['password']}
        rules={confirmPasswordRules('password', confirmEmpty, mismatch)}
        validateFirst
      >
        <Input.Password placeholder={confirmPlaceholder} autoComplete="new-password" />
      </Form.Item>
    </>
  );
}
