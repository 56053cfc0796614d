import { useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { Alert, Button, Form, Input, Result, Steps } from 'antd';
import { account } from '../../app/http/account-api';
import { NewPasswordFields } from '../../../renderers/common/NewPasswordFields';
import PageTitle from './PageTitle';
import SmsCodeField from './SmsCodeField';
import { errorText } from './errors';
import { mobileRules } from './rules';
import { t } from '../../app/i18n/i18n';

interface Verified {
  phone: string;
  smscode: string;
  username: string;
}

/**
 * Password recovery in three steps: phone + SMS code (smsmode '2', checked by /sys/user/phoneVerification),
 * then a new password for the account found (/sys/user/passwordChange), then done.
 */
export default function Alteration() {
  const navigate = useNavigate();
  const [step, setStep] = useState(0);
  const [verified, setVerified] = useState<Verified | null>(null);
  const [error, setError] = useState('');
  const [loading, setLoading] = useState(false);

  const call = async (attempt: () => Promise<void>, fallback: string) => {
    setError('');
    setLoading(true);
    try {
      await attempt();
    } catch (e) {
      setError(await errorText(e, fallback));
    } finally {
      setLoading(false);
    }
  };

  const verify = (v: { phone: string; smscode: string }) =>
    call(async () => {
      const phone = v.phone.trim();
      const smscode = v.smscode.trim();
      const res = await account.verifyPhone(phone, smscode);
      if (!res.success) throw new Error(res.message || t('alteration.verifyFailed'));
      setVerified({ phone, smscode, username: res.result.username });
      setStep(1);
    }, t('alteration.verifyFailed'));

  const change = (v: { password: string }) =>
    call(async () => {
      if (!verified) return;
      const res = await account.changeForgottenPassword({ ...verified, password: v.password });
      if (!res.success) throw new Error(res.message || t('alteration.changeFailed'));
      setStep(2);
    }, t('alteration.changeFailed'));

  return (
    <div>
      <PageTitle>{t('alteration.title')}</PageTitle>
      <Steps
        size="small"
        current={step}
        responsive={false}
        titlePlacement="vertical"
        style={{ marginBottom: 24 }}
        items={[
          { title: t('alteration.stepVerify') },
          { title: t('alteration.stepPassword') },
          { title: t('alteration.stepDone') },
        ]}
      />
      {error && <Alert type="error" showIcon title={error} style={{ marginBottom: 16 }} />}

      {step === 0 && (
        <Form name="recoverVerify" layout="vertical" onFinish={verify}>
          <Form.Item name="phone" label={t('user.mobile')} rules={mobileRules()} validateFirst>
            <Input placeholder={t('user.mobileEnter')} inputMode="tel" autoComplete="tel" maxLength={11} />
          </Form.Item>
          <SmsCodeField
            name="smscode"
            mobileField="phone"
            smsmode="2"
            label={t('user.code')}
            onError={setError}
          />
          <Form.Item>
            <Button type="primary" htmlType="submit" size="large" block loading={loading}>
              {t('alteration.next')}
            </Button>
          </Form.Item>
        </Form>
      )}

      {step === 1 && verified && (
        <Form name="recoverPassword" layout="vertical" onFinish={change}>
          <Form.Item label={t('alteration.account')}>
            <Input value={verified.username} readOnly aria-label={t('alteration.account')} variant="filled" />
          </Form.Item>
          <NewPasswordFields
            label={t('password.new')}
            confirmLabel={t('password.confirm')}
            placeholder={t('password.newPlaceholder')}
            confirmPlaceholder={t('password.confirmPlaceholder')}
            messages={{ empty: t('password.newPlaceholder'), confirmEmpty: t('password.confirmPlaceholder') }}
          />
          <Form.Item>
            <Button
              type="primary"
              htmlType="submit"
              size="large"
              block
              loading={loading}
              autoInsertSpace={false}
            >
              {t('alteration.submit')}
            </Button>
          </Form.Item>
        </Form>
      )}

      {step === 2 && (
        <Result
          status="success"
          title={t('alteration.done')}
          subTitle={t('alteration.doneDetail', { username: verified?.username ?? '' })}
          style={{ padding: '8px 0' }}
          extra={
            <Button type="primary" size="large" onClick={() => navigate('/user/login')}>
              {t('alteration.backToSignIn')}
            </Button>
          }
        />
      )}

      {step < 2 && (
        <div style={{ textAlign: 'right' }}>
          <Link to="/user/login">{t('alteration.backToSignIn')}</Link>
        </div>
      )}
    </div>
  );
}
