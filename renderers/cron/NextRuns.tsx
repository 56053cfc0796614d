import { Typography } from 'antd';
import dayjs from 'dayjs';
import { nextRuns } from '../../src/core/cron/next-runs';
import { CronError } from '../../src/core/cron/parse';
import { t } from './messages';

const COUNT = 5;

/** the next five run times of the expression (croner), or why there are none */
export function NextRuns({ expression }: { expression: string }) {
  let runs: Date[];
  try {
    runs = nextRuns(expression, COUNT);
  } catch (e) {
    if (!(e instanceof CronError)) throw e;
    return <Typography.Text type="danger">{e.message}</Typography.Text>;
  }
  return (
    <div>
      <Typography.Text strong>{t('nextRuns', { count: COUNT })}</Typography.Text>
      {runs.length ? (
        <ol aria-label={t('nextRunsList')} style={{ margin: '4px 0 0', paddingLeft: 20 }}>
          {runs.map((r) => (
            <li key={r.getTime()}>{dayjs(r).format('YYYY-MM-DD HH:mm:ss')}</li>
          ))}
        </ol>
      ) : (
        <div>
          <Typography.Text type="secondary">{t('noMoreRuns')}</Typography.Text>
        </div>
      )}
    </div>
  );
}
