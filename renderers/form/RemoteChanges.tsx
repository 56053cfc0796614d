import { Alert, Button, Space } from 'antd';
import type { DictOption } from '../common/dict';
import type { Collision } from './merge-remote';
import { t } from './messages';

interface Props {
  /** when the other save happened (the record's new updateTime) */
  savedAt: string;
  /** fields both changed; empty once each is settled */
  collisions: Collision[];
  titles: Record<string, string>;
  options: Record<string, DictOption[]> | null;
  /** the user keeps their value (keep) or takes the other one (take) */
  settle: (c: Collision, take: boolean) => void;
  onClose: () => void;
}

/** a value as the user reads it: an option's text, else the value; empty said as such */
function shown(v: unknown, opts: DictOption[] | undefined): string {
  if (v === undefined || v === null || v === '') return t('empty');
  const values = Array.isArray(v) ? v.map(String) : String(v).split(opts ? ',' : '\u0000');
  return opts ? values.map((x) => opts.find((o) => o.value === x)?.text ?? x).join('、') : String(v);
}

/**
 * Another session saved the record this form edits: the form took what the user had not changed;
 * here each field both changed shows the two values side by side for the user to choose.
 */
export default function RemoteChanges({ savedAt, collisions, titles, options, settle, onClose }: Props) {
  return (
    <Alert
      role="status"
      style={{ marginBottom: 16 }}
      type={collisions.length ? 'warning' : 'info'}
      showIcon
      closable={!collisions.length}
      onClose={onClose}
      title={t(collisions.length ? 'collisions' : 'merged', { savedAt })}
      description={
        collisions.length ? (
          <Space orientation="vertical" style={{ width: '100%' }}>
            {collisions.map((c) => (
              <div key={c.key} role="group" aria-label={titles[c.key] ?? c.key}>
                <strong>{titles[c.key] ?? c.key}</strong>
                {t('collision', {
                  mine: shown(c.mine, options?.[c.key]),
                  theirs: shown(c.theirs, options?.[c.key]),
                })}{' '}
                <Button size="small" onClick={() => settle(c, false)}>
                  {t('keepMine')}
                </Button>{' '}
                <Button size="small" type="primary" onClick={() => settle(c, true)}>
                  {t('takeTheirs')}
                </Button>
              </div>
            ))}
          </Space>
        ) : undefined
      }
    />
  );
}
