import { useNavigate } from 'react-router-dom';
import { Button, Result } from 'antd';
import { DEFAULT_HOME } from '../../core/constants';

/** The /404 page (spec 2.1): every unknown path ends here. */
export default function NotFound() {
  const navigate = useNavigate();
  return (
    <div style={{ minHeight: '100vh', display: 'grid', placeItems: 'center', padding: 24 }}>
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
