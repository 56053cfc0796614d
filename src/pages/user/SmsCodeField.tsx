import { useState, type ReactNode } from 'react';
import { Button, Form, Input } from 'antd';
import { notices } from '../../app/http/notices';
import { t } from '../../app/i18n/i18n';
import { errorText } from './errors';
import { smsCodeRules } from './rules';
import { sendSmsCode, useCountdown, type SmsMode } from './sms';

export interface SmsCodeFieldProps {
  /** the form field holding the code */
  name: string;
  /** the form field holding the mobile number the code goes to */
  mobileField: string;
  smsmode: SmsMode;
  /** a visible label (register, recovery); the login card uses placeholders and icons only */
  label?: string;
  prefix?: ReactNode;
  size?: 'large' | 'middle';
  /** where a refusal from the server is shown (the page's alert) */
  onError: (message: string) => void;
}

/** The code input with its 获取验证码 button and 60-second countdown; must sit inside an antd Form. */
export default function SmsCodeField({
  name,
  mobileField,
  smsmode,
  label,
  prefix,
  size,
  onError,
}: SmsCodeFieldProps) {
  const form = Form.useFormInstance();
  const [left, start] = useCountdown();
  const [sending, setSending] = useState(false);

  const send = async () => {
    let mobile: string;
    try {
      // the number must be valid before a code is asked for; its error shows under the field
      mobile = String((await form.validateFields([mobileField]))[mobileField]).trim();
    } catch {
      return;
    }
    setSending(true);
    try {
      await sendSmsCode(mobile, smsmode);
      start();
      notices.success(t('user.smsSent'));
    } catch (e) {
      onError(await errorText(e, t('user.smsFailed')));
    } finally {
      setSending(false);
    }
  };

  return (
    <Form.Item label={label} required={Boolean(label)}>
      <div style={{ display: 'flex', gap: 8 }}>
        <Form.Item name={name} noStyle rules={smsCodeRules()}>
          <Input
            aria-label={t('user.code')}
            placeholder={t('user.codeEnter')}
            prefix={prefix}
            size={size}
            maxLength={6}
            inputMode="numeric"
            autoComplete="one-time-code"
          />
        </Form.Item>
        <Button
          size={size}
          onClick={send}
          loading={sending}
          disabled={left > 0}
          style={{ flex: '0 0 auto', minWidth: 112 }}
        >
          {left > 0 ? t('user.smsResend', { seconds: left }) : t('user.smsSend')}
        </Button>
      </div>
    </Form.Item>
  );
}
