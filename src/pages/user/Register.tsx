import { useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { Alert, Button, Form, Input } from 'antd';
import { account } from '../../app/http/account-api';
import { NewPasswordFields } from '../../../renderers/common/NewPasswordFields';
import PageTitle from './PageTitle';
import SmsCodeField from './SmsCodeField';
import { errorText } from './errors';
import { t } from '../../app/i18n/i18n';
import { emailRules, mobileRules, registerUsernameRules } from './rules';

interface RegisterValues {
  username: string;
  password: string;
  confirm: string;
  phone: string;
  smscode: string;
  email?: string;
}

/** Self-service registration (rules); the new account waits for an administrator to grant roles. */
export default function Register() {
  const navigate = useNavigate();
  const [form] = Form.useForm<RegisterValues>();
  const [error, setError] = useState('');
  const [loading, setLoading] = useState(false);

  const submit = async (v: RegisterValues) => {
    setError('');
    setLoading(true);
    const username = v.username.trim();
    try {
      const res = await account.register({
        username,
        password: v.password,
        phone: v.phone.trim(),
        smscode: v.smscode.trim(),
        email: v.email?.trim() || undefined,
      });
      if (!res.success) throw new Error(res.message || t('register.failed'));
      navigate(`/user/register-result?username=${encodeURIComponent(username)}`, { replace: true });
    } catch (e) {
      setError(await errorText(e, t('register.failed')));
    } finally {
      setLoading(false);
    }
  };

  return (
    <div>
      <PageTitle>{t('register.title')}</PageTitle>
      {error && <Alert type="error" showIcon title={error} style={{ marginBottom: 16 }} />}
      <Form form={form} name="register" layout="vertical" onFinish={submit} requiredMark>
        <Form.Item name="username" label={t('user.username')} rules={registerUsernameRules()} validateFirst>
          <Input placeholder={t('user.usernameEnter')} autoComplete="username" maxLength={18} />
        </Form.Item>
        <NewPasswordFields
          label={t('user.password')}
          confirmLabel={t('register.confirmPassword')}
          placeholder={t('user.passwordEnter')}
          confirmPlaceholder={t('register.confirmPasswordEnter')}
          messages={{ empty: t('user.passwordEnter'), confirmEmpty: t('register.confirmPasswordEnter') }}
        />
        <Form.Item name="phone" label={t('user.mobile')} rules={mobileRules()} validateFirst>
          <Input placeholder={t('user.mobileEnter')} inputMode="tel" autoComplete="tel" maxLength={11} />
        </Form.Item>
        <SmsCodeField
          name="smscode"
          mobileField="phone"
          smsmode="1"
          label={t('user.code')}
          onError={setError}
        />
        <Form.Item name="email" label={t('register.email')} rules={emailRules()}>
          <Input placeholder={t('register.emailEnter')} inputMode="email" autoComplete="email" />
        </Form.Item>
        <Form.Item style={{ marginBottom: 16 }}>
          <Button
            type="primary"
            htmlType="submit"
            size="large"
            block
            loading={loading}
            autoInsertSpace={false}
          >
            {t('register.submit')}
          </Button>
        </Form.Item>
      </Form>
      <div style={{ textAlign: 'right' }}>
        <Link to="/user/login">{t('register.signInInstead')}</Link>
      </div>
    </div>
  );
}
