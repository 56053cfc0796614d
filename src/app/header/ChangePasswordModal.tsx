import { Form, Input, Modal } from 'antd';
import { useEffect, useState } from 'react';
import { MODAL_WIDTH } from '../../core/constants';
import { account } from '../http/account-api';
import { PASSWORD_MESSAGES } from '../../core/validation/password';
import { CONSOLE_PASSWORD_MESSAGES, NewPasswordFields } from '../../../renderers/common/NewPasswordFields';
import { notices } from '../http/notices';
import { t } from '../i18n/i18n';

interface PasswordForm {
  oldpassword: string;
  password: string;
  confirmpassword: string;
}

export interface ChangePasswordModalProps {
  open: boolean;
  /** the signed-in username; without one the dialog only warns */
  username?: string | null;
  onClose: () => void;
}

/** The change-password dialog: PUT /sys/user/updatePassword. */
export default function ChangePasswordModal({ open, username, onClose }: ChangePasswordModalProps) {
  const [form] = Form.useForm<PasswordForm>();
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    if (open && !username) {
      notices.warning(PASSWORD_MESSAGES.noUser);
      onClose();
    }
  }, [open, username, onClose]);

  const submit = async (values: PasswordForm) => {
    setSaving(true);
    try {
      const res = await account.updatePassword({ ...values, username });
      if (res.success) {
        notices.success(res.message || t('password.changed'));
        onClose();
      } else notices.warning(res.message || t('password.changeFailed'));
    } catch {
      // HTTP failures were already reported by the client's error catalogue; the dialog stays open
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      title={t('header.changePassword')}
      width={MODAL_WIDTH.changePassword}
      open={open && Boolean(username)}
      onOk={() => form.submit()}
      onCancel={onClose}
      afterClose={() => form.resetFields()}
      confirmLoading={saving}
      okText={t('common.ok')}
      cancelText={t('common.cancel')}
    >
      <Form
        form={form}
        name="change-password"
        labelCol={{ span: 5 }}
        wrapperCol={{ span: 14 }}
        onFinish={submit}
      >
        <Form.Item
          label={t('password.old')}
          name="oldpassword"
          rules={[{ required: true, message: PASSWORD_MESSAGES.old }]}
        >
          <Input.Password placeholder={t('password.oldPlaceholder')} autoComplete="current-password" />
        </Form.Item>
        <NewPasswordFields
          label={t('password.new')}
          confirmLabel={t('password.confirm')}
          confirmName="confirmpassword"
          placeholder={t('password.newPlaceholder')}
          confirmPlaceholder={t('password.confirmPlaceholder')}
          messages={CONSOLE_PASSWORD_MESSAGES}
        />
        {/* Enter in a field submits */}
        <button type="submit" hidden />
      </Form>
    </Modal>
  );
}
