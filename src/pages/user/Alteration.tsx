import { useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { Alert, Button, Form, Input, Result, Steps } from 'antd';
import { account } from '../../app/http/account-api';
import { NewPasswordFields } from '../../../renderers/common/NewPasswordFields';
import PageTitle from './PageTitle';
import SmsCodeField from './SmsCodeField';
import { errorText } from './errors';
import { mobileRules } from './rules';

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
      if (!res.success) throw new Error(res.message || '验证失败');
      setVerified({ phone, smscode, username: res.result.username });
      setStep(1);
    }, '验证失败');

  const change = (v: { password: string }) =>
    call(async () => {
      if (!verified) return;
      const res = await account.changeForgottenPassword({ ...verified, password: v.password });
      if (!res.success) throw new Error(res.message || '密码修改失败');
      setStep(2);
    }, '密码修改失败');

  return (
    <div>
      <PageTitle>找回密码</PageTitle>
      <Steps
        size="small"
        current={step}
        responsive={false}
        titlePlacement="vertical"
        style={{ marginBottom: 24 }}
        items={[{ title: '验证手机' }, { title: '设置新密码' }, { title: '完成' }]}
      />
      {error && <Alert type="error" showIcon title={error} style={{ marginBottom: 16 }} />}

      {step === 0 && (
        <Form name="recoverVerify" layout="vertical" onFinish={verify}>
          <Form.Item name="phone" label="手机号" rules={mobileRules} validateFirst>
            <Input placeholder="请输入手机号" inputMode="tel" autoComplete="tel" maxLength={11} />
          </Form.Item>
          <SmsCodeField name="smscode" mobileField="phone" smsmode="2" label="验证码" onError={setError} />
          <Form.Item>
            <Button type="primary" htmlType="submit" size="large" block loading={loading}>
              下一步
            </Button>
          </Form.Item>
        </Form>
      )}

      {step === 1 && verified && (
        <Form name="recoverPassword" layout="vertical" onFinish={change}>
          <Form.Item label="账户">
            <Input value={verified.username} readOnly aria-label="账户" variant="filled" />
          </Form.Item>
          <NewPasswordFields
            label="新密码"
            confirmLabel="确认新密码"
            placeholder="请输入新密码"
            confirmPlaceholder="请再次输入新密码"
            messages={{ empty: '请输入新密码', confirmEmpty: '请再次输入新密码' }}
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
              提交
            </Button>
          </Form.Item>
        </Form>
      )}

      {step === 2 && (
        <Result
          status="success"
          title="密码修改完成"
          subTitle={`账户 ${verified?.username ?? ''} 的密码已重置，请使用新密码登录。`}
          style={{ padding: '8px 0' }}
          extra={
            <Button type="primary" size="large" onClick={() => navigate('/user/login')}>
              返回登录
            </Button>
          }
        />
      )}

      {step < 2 && (
        <div style={{ textAlign: 'right' }}>
          <Link to="/user/login">返回登录</Link>
        </div>
      )}
    </div>
  );
}
