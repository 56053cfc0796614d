import { useState } from 'react';
import type { WidgetProps } from '@rjsf/utils';
import { ExpandAltOutlined } from '@ant-design/icons';
import { Button, Input, Modal } from 'antd';
import { fieldDocOf } from '../form/widgets/field-doc';
import type { FieldRenderer } from './types';

/** the larger editor's rows: a long text is read and written at a glance */
const BIG_ROWS = 18;

/**
 * A text area with an 展开 button: longer text is easier to write in the larger editor that pops
 * up (spec 3 column type input_pop); 确定 keeps what was written there, 取消 drops it.
 */
function InputPopEditor({ id, value, disabled, readonly, options, placeholder, onChange }: WidgetProps) {
  const field = fieldDocOf(options);
  const [draft, setDraft] = useState<string | null>(null);
  const text = typeof value === 'string' ? value : value == null ? '' : String(value);
  const locked = disabled || readonly;
  return (
    <div style={{ position: 'relative' }}>
      <Input.TextArea
        id={id}
        value={text}
        placeholder={placeholder}
        disabled={disabled}
        readOnly={readonly}
        autoSize={{ minRows: 2, maxRows: 6 }}
        style={{ paddingRight: 32 }}
        onChange={(e) => onChange(e.target.value || undefined)}
      />
      {!locked && (
        <Button
          type="text"
          size="small"
          icon={<ExpandAltOutlined />}
          aria-label={`展开${field.title}`}
          title="展开"
          style={{ position: 'absolute', top: 4, right: 4 }}
          onClick={() => setDraft(text)}
        />
      )}
      <Modal
        title={field.title}
        open={draft !== null}
        width={800}
        okText="确定"
        cancelText="取消"
        destroyOnHidden
        onOk={() => {
          onChange(draft || undefined);
          setDraft(null);
        }}
        onCancel={() => setDraft(null)}
      >
        <Input.TextArea
          aria-label={`${field.title}（展开）`}
          value={draft ?? ''}
          rows={BIG_ROWS}
          autoFocus
          onChange={(e) => setDraft(e.target.value)}
        />
      </Modal>
    </div>
  );
}

/** longer text, with a larger editor that pops up */
export const inputPop: FieldRenderer = { editor: InputPopEditor };
