import type { WidgetProps } from '@rjsf/utils';
import { Typography } from 'antd';
import { NextRuns } from '../../cron/NextRuns';

/** cron in a detail (详细信息): the expression and its next five run times, as the builder shows them */
export default function CronDisplay({ id, value }: WidgetProps) {
  const text = typeof value === 'string' ? value : '';
  return (
    <div id={id}>
      <Typography.Text code>{text || '-'}</Typography.Text>
      {text && <NextRuns expression={text} />}
    </div>
  );
}
