import { useEffect, useEffectEvent, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { Alert, Button, Form, Input } from 'antd';
import { LockOutlined, MailOutlined, MobileOutlined, UserOutlined } from '@ant-design/icons';
import { STORAGE_KEYS } from '../../core/constants';
import { login, phoneLogin } from '../../app/stores/session';
import { storage } from '../../app/storage';
import DragSlider from './DragSlider';
import LoginTabs from './LoginTabs';
import SmsCodeField from './SmsCodeField';
import { errorText } from './errors';
import { redirectTarget } from './redirect';
import { loginRules, mobileRules } from './rules';
import { notices } from '../../app/http/notices';
import { t } from '../../app/i18n/i18n';
import { API_BASE } from '../../app/http/api-base';
import { bindPendingIdentity, finishThirdLogin, useThirdProviders } from './third-login';

type TabKey = 'account' | 'phone';

interface AccountValues {
  username: string;
  password: string;
  verified?: boolean;
}

interface PhoneValues {
  mobile: string;
  captcha: string;
}

/**
 * What was typed into the account and the mobile number, kept while this page lives: choosing a
 * language draws the page again (the app remounts in it), and the user should not type them twice.
 * Secrets (the password, the SMS code) are not kept.
 */
const typed: { username?: string; mobile?: string } = {};

/** The login page: account + password with the drag-slider check, or phone + SMS code. */
export default function Login() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [tab, setTab] = useState<TabKey>('account');
  const [error, setError] = useState('');
  const [loading, setLoading] = useState(false);
  const [accountForm] = Form.useForm<AccountValues>();
  const [phoneForm] = Form.useForm<PhoneValues>();
  const rules = loginRules();

  const providers = useThirdProviders();
  // third-party and CAS sign-in come back here: sign in, or say why not
  const [thirdMessage, setThirdMessage] = useState('');
  // the address is read once, as the page opens
  const finishThirdParty = useEffectEvent(() => {
    if (!['thirdLoginToken', 'ticket', 'thirdBind', 'thirdError'].some((k) => params.has(k))) return;
    void finishThirdLogin(params).then(({ signedIn, message }) =>
      signedIn
        ? navigate(redirectTarget(params.get('redirect')), { replace: true })
        : setThirdMessage(message),
    );
  });
  useEffect(() => finishThirdParty(), []);

  const run = async (attempt: () => Promise<unknown>, onFail?: () => void) => {
    setError('');
    setLoading(true);
    try {
      await attempt();
      // an identity a third-party sign-in left unbound now belongs to this user
      const bound = await bindPendingIdentity();
      if (bound) notices.success(bound);
      navigate(redirectTarget(params.get('redirect')), { replace: true });
    } catch (e) {
      setError(await errorText(e, t('login.failed')));
      onFail?.();
    } finally {
      setLoading(false);
    }
  };

  const submitAccount = (v: AccountValues) =>
    run(
      () => login(v.username.trim(), v.password),
      // every attempt needs a fresh human check
      () => accountForm.setFieldValue('verified', false),
    );
  const submitPhone = (v: PhoneValues) => run(() => phoneLogin(v.mobile.trim(), v.captcha.trim()));

  // shown in the active tab only: one visible copy of the message, not a hidden twin
  const alertFor = (key: TabKey) =>
    error && tab === key ? <Alert type="error" showIcon title={error} style={{ marginBottom: 24 }} /> : null;

  const submit = (
    <Form.Item style={{ marginBottom: 16 }}>
      <Button type="primary" htmlType="submit" size="large" block loading={loading} autoInsertSpace={false}>
        {t('login.submit')}
      </Button>
    </Form.Item>
  );

  const account = (
    <Form
      form={accountForm}
      name="accountLogin"
      onFinish={submitAccount}
      initialValues={{ username: typed.username ?? storage.get<string>(STORAGE_KEYS.username) ?? '' }}
      onValuesChange={(changed: Partial<AccountValues>) => {
        if (changed.username !== undefined) typed.username = changed.username;
      }}
      size="large"
    >
      {alertFor('account')}
      <Form.Item name="username" rules={rules.username}>
        <Input
          aria-label={t('user.username')}
          placeholder={t('user.usernameEnter')}
          prefix={<UserOutlined />}
          autoComplete="username"
        />
      </Form.Item>
      <Form.Item name="password" rules={rules.password}>
        <Input.Password
          aria-label={t('user.password')}
          placeholder={t('user.passwordEnter')}
          prefix={<LockOutlined />}
          autoComplete="current-password"
        />
      </Form.Item>
      <Form.Item name="verified" rules={rules.slider}>
        <DragSlider />
      </Form.Item>
      {submit}
    </Form>
  );

  const phone = (
    <Form
      form={phoneForm}
      name="phoneLogin"
      onFinish={submitPhone}
      initialValues={{ mobile: typed.mobile }}
      onValuesChange={(changed: Partial<PhoneValues>) => {
        if (changed.mobile !== undefined) typed.mobile = changed.mobile;
      }}
      size="large"
    >
      {alertFor('phone')}
      <Form.Item name="mobile" rules={mobileRules()}>
        <Input
          aria-label={t('user.mobile')}
          placeholder={t('user.mobileEnter')}
          prefix={<MobileOutlined />}
          inputMode="tel"
          autoComplete="tel"
          maxLength={11}
        />
      </Form.Item>
      <SmsCodeField
        name="captcha"
        mobileField="mobile"
        smsmode="0"
        size="large"
        prefix={<MailOutlined />}
        onError={setError}
      />
      {submit}
    </Form>
  );

  const others = [
    ...(providers?.oauth ?? []).map((p) => ({
      key: p.type,
      title: p.title,
      href: `${API_BASE}/sys/thirdLogin/render/${p.type}`,
    })),
    ...(providers?.cas ? [{ key: 'cas', title: t('login.cas'), href: providers.cas.loginUrl }] : []),
  ];

  return (
    <div>
      {thirdMessage && <Alert type="warning" showIcon title={thirdMessage} style={{ marginBottom: 16 }} />}
      <LoginTabs<TabKey>
        active={tab}
        onChange={(k) => {
          setTab(k);
          setError('');
        }}
        items={[
          { key: 'account', label: t('login.tabAccount'), children: account },
          { key: 'phone', label: t('login.tabPhone'), children: phone },
        ]}
      />
      <div style={{ display: 'flex', justifyContent: 'space-between' }}>
        <Link to="/user/alteration">{t('login.forgotPassword')}</Link>
        <Link to="/user/register">{t('login.register')}</Link>
      </div>
      {others.length > 0 && (
        <nav
          aria-label={t('login.otherMethods')}
          style={{ display: 'flex', gap: 16, marginTop: 16, flexWrap: 'wrap' }}
        >
          {others.map((o) => (
            <a key={o.key} href={o.href}>
              {o.title}
            </a>
          ))}
        </nav>
      )}
    </div>
  );
}
