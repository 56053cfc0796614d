import { useNavigate } from 'react-router-dom';
import type { CSSProperties } from 'react';
import { Button, Result, theme } from 'antd';
import { DEFAULT_HOME } from '../../core/constants';
import styles from './NotFound.module.css';

/** The /404 page (spec 2.1): every unknown path ends here. */
export default function NotFound() {
  const navigate = useNavigate();
  const { token } = theme.useToken();
  const style = {
    minHeight: '100vh',
    display: 'grid',
    placeItems: 'center',
    padding: 24,
    '--not-found-primary': token.colorPrimary,
  } as CSSProperties;
  return (
    <div className={styles.picture} style={style}>
      <Result
        status="404"
        title="404"
        subTitle="抱歉，您访问的页面不存在。"
        extra={
          <Button type="primary" onClick={() => navigate(DEFAULT_HOME)}>
            返回首页
          </Button>
        }
      />
    </div>
  );
}
