import { Link } from 'react-router-dom';
import { Card, Empty, Typography } from 'antd';
import type { ModuleGroup } from './summary';
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
              暂无可查看的数据模块
              <br />
              <Typography.Text type="secondary">如需使用，请联系管理员为您分配角色</Typography.Text>
            </>
          }
        />
      </Card>
    );
  return (
    <Card size="small" title="数据模块">
      {groups.map((g) => (
        <section key={g.group} className={styles.group} aria-label={g.groupTitle}>
          <div className={styles.head}>
            <Typography.Text strong>{g.groupTitle}</Typography.Text>
            <Typography.Text type="secondary">共 {g.total.toLocaleString('zh-CN')} 条记录</Typography.Text>
          </div>
          <ul className={styles.list}>
            {g.modules.map((m) => (
              <li key={m.code}>
                <Link to={m.path} aria-label={`${m.title}：${m.count} 条记录`} className={styles.link}>
                  <span>{m.title}</span>
                  <span className={styles.count}>{Number(m.count).toLocaleString('zh-CN')}</span>
                </Link>
              </li>
            ))}
          </ul>
        </section>
      ))}
    </Card>
  );
}
