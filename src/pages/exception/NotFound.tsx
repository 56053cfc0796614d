import { useEffect } from 'react';
import { useNavigate } from 'react-router-dom';
import { Button, Result } from 'antd';
import { DEFAULT_HOME } from '../../core/constants';
import { systemName } from '../../app/layouts/platform';
import { documentTitle } from '../../app/tabs/document-title';

const NOT_FOUND_TITLE = '404';

/** The /404 page (spec 2.1): every unknown path ends here; the document title says so too. */
export default function NotFound() {
  const navigate = useNavigate();
  useEffect(() => {
    document.title = documentTitle(NOT_FOUND_TITLE, systemName(), false);
  }, []);
  return (
    <div style={{ minHeight: '100vh', display: 'grid', placeItems: 'center', padding: 24 }}>
      <Result
        status="404"
        title={NOT_FOUND_TITLE}
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
