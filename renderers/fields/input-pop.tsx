import { useState, type CSSProperties } from 'react';
import type { WidgetProps } from '@rjsf/utils';
import { ExpandAltOutlined } from '@ant-design/icons';
import { Button, Input, Modal } from 'antd';
import type { FieldDoc } from '../../src/core/document/types';
import { fieldDocOf } from '../form/widgets/field-doc';
import type { FieldRenderer, GridEditorProps } from './types';

/** the larger editor's rows: a long text is read and written at a glance */
const BIG_ROWS = 18;

/**
 * The 展开 button and the larger editor it opens (spec 3 column type input_pop): 确定 keeps what was
 * written there, 取消 drops it. A form's text area and a grid's text cell both carry it.
 */
function ExpandButton({
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
        aria-label={`展开${field.title}`}
        title="展开"
        style={style}
        onClick={() => setDraft(text)}
      />
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
    </>
  );
}

const textOf = (value: unknown) => (typeof value === 'string' ? value : value == null ? '' : String(value));

/** in a form: a text area with the 展开 button in its corner */
function InputPopEditor({ id, value, disabled, readonly, options, placeholder, onChange }: WidgetProps) {
  const field = fieldDocOf(options);
  const text = textOf(value);
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
      {!(disabled || readonly) && (
        <ExpandButton
          field={field}
          text={text}
          style={{ position: 'absolute', top: 4, right: 4 }}
          onChange={onChange}
        />
      )}
    </div>
  );
}

/** in a grid: a one-line text box (rows stay one height) with the 展开 button as its suffix */
function InputPopCell({ id, field, value, invalid, disabled, onChange, onBlur }: GridEditorProps) {
  const text = textOf(value);
  return (
    <Input
      id={id}
      aria-label={field.title}
      value={text}
      status={invalid ? 'error' : undefined}
      disabled={disabled}
      placeholder={field.placeholder}
      onChange={(e) => onChange(e.target.value || undefined)}
      onBlur={onBlur}
      suffix={disabled ? undefined : <ExpandButton field={field} text={text} onChange={onChange} />}
    />
  );
}

/** longer text, with a larger editor that pops up */
export const inputPop: FieldRenderer = { editor: InputPopEditor, gridEditor: InputPopCell };
