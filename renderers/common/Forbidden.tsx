import { Button } from 'antd';
import { useContext, useEffect } from 'react';
import { useHref, useNavigate } from 'react-router-dom';
import { DEFAULT_HOME } from '../../src/core/constants';
import { LazyResult } from './LazyResult';
import { RoutePageContext } from './route-page';
import { t } from './messages';

/**
 * The one page of an address that exists but is not granted to the user, whatever kind of page it
 * is (a menu entry, a report, an online list): 无权访问 and a link home. Unknown addresses go to
 * the 404 page instead (src/app/router/UnknownPath.tsx).
 */
export function Forbidden() {
  const navigate = useNavigate();
  const home = useHref(DEFAULT_HOME);
  const route = useContext(RoutePageContext);
  useEffect(() => route?.nameTitle(t('forbidden')), [route]);
  return (
    <LazyResult
      status="403"
      title={t('forbidden')}
      subTitle={t('forbiddenText')}
      extra={
        <Button
          type="primary"
          href={home}
          onClick={(e) => {
            e.preventDefault();
            navigate(DEFAULT_HOME);
          }}
        >
          {t('backHome')}
        </Button>
      }
    />
  );
}
