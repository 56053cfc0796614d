import { useNavigate, useSearchParams } from 'react-router-dom';
import { Button, Result } from 'antd';
import { t } from '../../app/i18n/i18n';

/** After registration: route query `username` names the new account. */
export default function RegisterResult() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const username = params.get('username')?.trim();
  return (
    <Result
      status="success"
      title={username ? t('register.doneFor', { username }) : t('register.done')}
      subTitle={t('register.waitForRoles')}
      style={{ padding: '16px 0' }}
      extra={
        <Button type="primary" size="large" onClick={() => navigate('/user/login')}>
          {t('register.goSignIn')}
        </Button>
      }
    />
  );
}
