import { useState, type CSSProperties } from 'react';
import { ExpandAltOutlined } from '@ant-design/icons';
import { Button, Input, Modal } from 'antd';
import type { FieldDoc } from '../../../src/core/document/types';
import { t } from '../messages';

/** the larger editor's rows: a long text is read and written at a glance */
const BIG_ROWS = 18;

/**
 * The 展开 button and the larger editor it opens (column type input_pop): 确定 keeps what was
 * written there, 取消 drops it. A form's text area and a grid's text cell both carry it.
 */
export function ExpandButton({
  field,
  text,
  style,
  onChange,
}: {
  field: FieldDoc;
  text: string;
  style?: CSSProperties;
  onChange: (value: string | undefined) => void;
}) {
  const [draft, setDraft] = useState<string | null>(null);
  return (
    <>
      <Button
        type="text"
        size="small"
        icon={<ExpandAltOutlined />}
        aria-label={t('expandOf', { title: field.title })}
        title={t('expand')}
        style={style}
        onClick={() => setDraft(text)}
      />
      <Modal
        title={field.title}
        open={draft !== null}
        width={800}
        okText={t('ok')}
        cancelText={t('cancel')}
        destroyOnHidden
        onOk={() => {
          onChange(draft || undefined);
          setDraft(null);
        }}
        onCancel={() => setDraft(null)}
      >
        <Input.TextArea
          aria-label={t('expanded', { title: field.title })}
          value={draft ?? ''}
          rows={BIG_ROWS}
          autoFocus
          onChange={(e) => setDraft(e.target.value)}
        />
      </Modal>
    </>
  );
}

export const textOf = (value: unknown) =>
  typeof value === 'string' ? value : value == null ? '' : String(value);
