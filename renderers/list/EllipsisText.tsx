import { Tooltip } from 'antd';
import { ellipsis } from '../common/ellipsis';

/** a cell text cut at 25 (or `max`) display columns (full-width counts 2), with the whole text on hover */
export function EllipsisText({ text, max }: { text: string; max?: number }) {
  const short = ellipsis(text, max);
  if (short === null) return <>{text}</>;
  return (
    <Tooltip title={text}>
      <span>{short}</span>
    </Tooltip>
  );
}
