import { Link } from 'react-router-dom';
import { Card, Empty, Typography } from 'antd';
import type { ModuleGroup } from './summary';
import { i18n, t } from '../../app/i18n/i18n';
import styles from './ModuleCounts.module.css';

/**
 * The record counts per module, compact: one card of groups, each a list of links with their
 * counts. They sit beside the charts and notices (what a person comes for), not above them.
 */
export function ModuleCounts({ groups }: { groups: ModuleGroup[] }) {
  if (!groups.length)
    // a signed-in user without roles (for example just registered): say what to do about it
    return (
      <Card size="small">
        <Empty
          image={Empty.PRESENTED_IMAGE_SIMPLE}
          description={
            <>
              {t('dashboard.noModules')}
              <br />
              <Typography.Text type="secondary">{t('dashboard.askForRoles')}</Typography.Text>
            </>
          }
        />
      </Card>
    );
  return (
    <Card size="small" title={t('dashboard.dataModules')}>
      {groups.map((g) => (
        <section key={g.group} className={styles.group} aria-label={g.groupTitle}>
          <div className={styles.head}>
            <Typography.Text strong>{g.groupTitle}</Typography.Text>
            <Typography.Text type="secondary">
              {t('dashboard.groupTotal', { count: g.total.toLocaleString(i18n.locale) })}
            </Typography.Text>
          </div>
          <ul className={styles.list}>
            {g.modules.map((m) => (
              <li key={m.code}>
                <Link
                  to={m.path}
                  aria-label={t('dashboard.moduleCount', { title: m.title, count: m.count })}
                  className={styles.link}
                >
                  <span>{m.title}</span>
                  <span className={styles.count}>{Number(m.count).toLocaleString(i18n.locale)}</span>
                </Link>
              </li>
            ))}
          </ul>
        </section>
      ))}
    </Card>
  );
}
