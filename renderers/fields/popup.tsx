import { lazy, Suspense, useState } from 'react';
import type { WidgetProps } from '@rjsf/utils';
import { SearchOutlined } from '@ant-design/icons';
import { Input, Typography } from 'antd';
import type { FieldDoc } from '../../src/core/document/types';
import { filledValues, popupPairs, sourceOf } from '../../src/core/fields/popup-fill';
import { fieldDocOf, formFill } from '../form/widgets/field-doc';
import type { Row } from '../list/columns';
import type { FieldRenderer, GridEditorProps, SearchControlProps } from './types';

/** loads with the first opening: a form does not carry the selector's table */
const PopupSelectorModal = lazy(() => import('../pickers/PopupSelectorModal'));

interface PopupInputProps {
  id: string;
  field: FieldDoc;
  value: unknown;
  placeholder?: string;
  disabled?: boolean;
  /** a search box may also be typed in and cleared; a form's field is only chosen */
  typed?: boolean;
  onChange: (value: string | undefined) => void;
  /** the chosen rows, for a form that fills more fields than this one */
  onPicked?: (rows: Row[]) => void;
}

/** the field's text with a search icon that opens the popup selector */
function PopupInput({ id, field, value, placeholder, disabled, typed, onChange, onPicked }: PopupInputProps) {
  const [open, setOpen] = useState(false);
  const read = popupPairs(field);
  // spec 5.7: a popup without its settings says so where it would be (schemas:check refuses it too)
  if ('problem' in read) return <Typography.Text type="danger">{read.problem}</Typography.Text>;
  const from = sourceOf(read.pairs, field.key) ?? read.pairs[0].from;
  const show = () => !disabled && setOpen(true);
  return (
    <>
      <Input
        id={id}
        value={value === undefined || value === null ? '' : String(value)}
        placeholder={placeholder}
        disabled={disabled}
        readOnly={!typed}
        allowClear={typed}
        onChange={(e) => onChange(e.target.value || undefined)}
        onClick={typed ? undefined : show}
        suffix={
          <SearchOutlined
            role="button"
            tabIndex={disabled ? -1 : 0}
            aria-label={`选择${field.title}`}
            style={{ cursor: disabled ? 'not-allowed' : 'pointer' }}
            onClick={show}
            onKeyDown={(e) => (e.key === 'Enter' || e.key === ' ') && show()}
          />
        }
      />
      {open && (
        <Suspense fallback={null}>
          <PopupSelectorModal
            field={field}
            multiple={field.popupMulti === true}
            onCancel={() => setOpen(false)}
            onOk={(rows) => {
              setOpen(false);
              if (onPicked) onPicked(rows);
              else onChange(filledValues([{ from, to: field.key }], rows)[field.key] || undefined);
            }}
          />
        </Suspense>
      )}
    </>
  );
}

/** in a form: the chosen row fills every destField at once (this one among them) */
function PopupEditor({
  id,
  value,
  disabled,
  readonly,
  options,
  placeholder,
  registry,
  onChange,
}: WidgetProps) {
  const field = fieldDocOf(options);
  const fill = formFill(registry);
  const read = popupPairs(field);
  return (
    <PopupInput
      id={id}
      field={field}
      value={value}
      placeholder={placeholder}
      disabled={disabled || readonly}
      onChange={onChange}
      onPicked={fill && 'pairs' in read ? (rows) => fill(filledValues(read.pairs, rows)) : undefined}
    />
  );
}

/** in a grid: the chosen row fills the cells of every destField in the same row */
function PopupCell({ id, field, value, disabled, onChange, onFill }: GridEditorProps) {
  const read = popupPairs(field);
  return (
    <PopupInput
      id={id}
      field={field}
      value={value}
      placeholder={field.placeholder}
      disabled={disabled}
      onChange={onChange}
      onPicked={onFill && 'pairs' in read ? (rows) => onFill(filledValues(read.pairs, rows)) : undefined}
    />
  );
}

/** in a list's search: the chosen row's value for this field becomes the search value */
function PopupSearch({ id, field, value, onChange }: SearchControlProps) {
  return (
    <PopupInput
      id={id}
      field={field}
      value={value}
      placeholder={`请选择${field.title}`}
      typed
      onChange={(v) => onChange?.(v)}
    />
  );
}

/** a value chosen in the popup selector over a report or an entity list */
export const popup: FieldRenderer = { editor: PopupEditor, search: PopupSearch, gridEditor: PopupCell };
