import { lazy, Suspense, useState } from 'react';
import { SearchOutlined } from '@ant-design/icons';
import { Input, Typography } from 'antd';
import type { FieldDoc } from '../../../src/core/document/types';
import { filledValues, popupPairs, sourceOf } from '../../../src/core/fields/popup-fill';
import type { Row } from '../../list/columns';
import { t } from '../messages';

/** loads with the first opening: a form does not carry the selector's table */
const PopupSelectorModal = lazy(() => import('../../pickers/PopupSelectorModal'));

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
export function PopupInput({
  id,
  field,
  value,
  placeholder,
  disabled,
  typed,
  onChange,
  onPicked,
}: PopupInputProps) {
  const [open, setOpen] = useState(false);
  const read = popupPairs(field);
  // a popup without its settings says so where it would be (schemas:check refuses it too)
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
            aria-label={t('pick', { title: field.title })}
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
