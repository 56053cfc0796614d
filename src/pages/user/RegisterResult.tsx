import { useNavigate, useSearchParams } from 'react-router-dom';
import { Button, Result } from 'antd';

/** After registration: route query `username` names the new account. */
export default function RegisterResult() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const username = params.get('username')?.trim();
  return (
    <Result
      status="success"
      title={username ? `你的账户：${username} 注册成功` : '注册成功'}
      subTitle="新账户需由管理员分配角色后才能使用系统功能。"
      style={{ padding: '16px 0' }}
      extra={
        <Button type="primary" size="large" onClick={() => navigate('/user/login')}>
          去登录
        </Button>
      }
    />
  );
}
