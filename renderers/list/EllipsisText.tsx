import { Tooltip } from 'antd';
import { ellipsis } from '../common/ellipsis';

/** a cell text cut at 25 display columns (full-width counts 2), with the whole text on hover (spec 9) */
export function EllipsisText({ text }: { text: string }) {
  const short = ellipsis(text);
  if (short === null) return <>{text}</>;
  return (
    <Tooltip title={text}>
      <span>{short}</span>
    </Tooltip>
  );
}
