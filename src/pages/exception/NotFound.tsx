import { useNavigate } from 'react-router-dom';
import { useEffect, type CSSProperties } from 'react';
import { Button, Result, theme } from 'antd';
import { DEFAULT_HOME } from '../../core/constants';
import { systemName } from '../../app/layouts/platform';
import { documentTitle } from '../../app/tabs/document-title';
import { t } from '../../app/i18n/i18n';
import styles from './NotFound.module.css';

const NOT_FOUND_TITLE = '404';

/** The /404 page: every unknown path ends here; the document title says so too. */
export default function NotFound() {
  const navigate = useNavigate();
  useEffect(() => {
    document.title = documentTitle(NOT_FOUND_TITLE, systemName(), false);
  }, []);
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
        title={NOT_FOUND_TITLE}
        subTitle={t('exception.notFound')}
        extra={
          <Button type="primary" onClick={() => navigate(DEFAULT_HOME)}>
            {t('exception.backHome')}
          </Button>
        }
      />
    </div>
  );
}
