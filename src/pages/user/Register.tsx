import { useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { Alert, Button, Form, Input } from 'antd';
import { account } from '../../app/http/account-api';
import { NewPasswordFields } from '../../../renderers/common/NewPasswordFields';
import PageTitle from './PageTitle';
import SmsCodeField from './SmsCodeField';
import { errorText } from './errors';
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
      if (!res.success) throw new Error(res.message || '注册失败');
      navigate(`/user/register-result?username=${encodeURIComponent(username)}`, { replace: true });
    } catch (e) {
      setError(await errorText(e, '注册失败'));
    } finally {
      setLoading(false);
    }
  };

  return (
    <div>
      <PageTitle>注册账户</PageTitle>
      {error && <Alert type="error" showIcon title={error} style={{ marginBottom: 16 }} />}
      <Form form={form} name="register" layout="vertical" onFinish={submit} requiredMark>
        <Form.Item name="username" label="用户名" rules={registerUsernameRules} validateFirst>
          <Input placeholder="请输入用户名" autoComplete="username" maxLength={18} />
        </Form.Item>
        <NewPasswordFields
          label="密码"
          confirmLabel="确认密码"
          placeholder="请输入密码"
          confirmPlaceholder="请再次输入密码"
          messages={{ empty: '请输入密码', confirmEmpty: '请再次输入密码' }}
        />
        <Form.Item name="phone" label="手机号" rules={mobileRules} validateFirst>
          <Input placeholder="请输入手机号" inputMode="tel" autoComplete="tel" maxLength={11} />
        </Form.Item>
        <SmsCodeField name="smscode" mobileField="phone" smsmode="1" label="验证码" onError={setError} />
        <Form.Item name="email" label="邮箱" rules={emailRules}>
          <Input placeholder="请输入邮箱（选填）" inputMode="email" autoComplete="email" />
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
            注册
          </Button>
        </Form.Item>
      </Form>
      <div style={{ textAlign: 'right' }}>
        <Link to="/user/login">使用已有账户登录</Link>
      </div>
    </div>
  );
}
