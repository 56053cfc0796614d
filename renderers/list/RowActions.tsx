import { Button, Divider, Popconfirm } from 'antd';
import type { Row } from './columns';
import { t } from './messages';

/**
 * One link in a row's action column. The list renderers build 编辑 / 详情 / 删除 from the document
 * and the user's permissions; a screen built on them adds its own (for example 冻结 on users) by
 * passing more of these, so the column stays one piece of code.
 */
export interface RowAction {
  key: string;
  label: string;
  danger?: boolean;
  /** asked in a pop-up before running (destructive actions) */
  confirm?: string;
  /** shown for this row only when true (default: always) */
  visible?: (row: Row) => boolean;
  /** shown disabled for this row when false (default: enabled) */
  enabled?: (row: Row) => boolean;
  run: (row: Row) => void | Promise<void>;
}

/** the action column of a row: its visible actions as links, separated by dividers */
export function RowActions({ row, actions }: { row: Row; actions: readonly RowAction[] }) {
  const items = actions
    .filter((a) => !a.visible || a.visible(row))
    .map((a) => {
      const button = (
        <Button
          key={a.key}
          type="link"
          size="small"
          danger={a.danger}
          disabled={a.enabled ? !a.enabled(row) : false}
          onClick={a.confirm ? undefined : () => void a.run(row)}
        >
          {a.label}
        </Button>
      );
      return a.confirm ? (
        <Popconfirm
          key={a.key}
          title={a.confirm}
          okText={t('ok')}
          cancelText={t('cancel')}
          onConfirm={() => a.run(row)}
        >
          {button}
        </Popconfirm>
      ) : (
        button
      );
    });
  return (
    <span style={{ whiteSpace: 'nowrap' }}>
      {items.flatMap((item, i) => (i ? [<Divider key={`d${i}`} orientation="vertical" />, item] : [item]))}
    </span>
  );
}
