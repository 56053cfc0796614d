import { Suspense, useEffect, useMemo, useState } from 'react';
import { SelectOutlined } from '@ant-design/icons';
import { Button, Select, Space } from 'antd';
import type { DictOption } from '../common/dict';
import { reportThrown } from '../common/failure';
import { joinValue, splitValue } from '../common/multi-value';
import { dictTextNames, isMultiple, unnamed, withNames, type Picked } from './picked';
import { PICKERS, pickerOf } from './registry';
import type { FieldDoc } from '../../src/core/document/types';
import { t } from './messages';

export interface PickerInputProps {
  id: string;
  field: FieldDoc;
  /** the values comma-joined */
  value: unknown;
  disabled?: boolean;
  placeholder?: string;
  /** the record a form opened with, for its `<key>_dictText` names */
  record?: Record<string, unknown>;
  dictOptions?: DictOption[];
  /** several values (default: as the field says) */
  multiple?: boolean;
  /** tags shown before '+N' (a grid cell has room for one) */
  maxTagCount?: number;
  onChange: (value: string | undefined) => void;
}

/**
 * sel_depart, sel_user and fields with a `picker`: the chosen names as removable tags, and a button
 * that opens the field's picker. The field stores the values comma-joined (department ids, user
 * ids, role ids, position codes). Names come from the last pick, the field's options, the record's
 * `<key>_dictText`, or else the server (an edited record's departments, users of a virtual field).
 */
export function PickerInput({
  id,
  field,
  value,
  disabled,
  placeholder,
  record,
  dictOptions,
  multiple = isMultiple(field),
  maxTagCount,
  onChange,
}: PickerInputProps) {
  const picker = PICKERS[pickerOf(field)!];
  const values = splitValue(value);

  const [learned, setLearned] = useState<ReadonlyMap<string, string>>(new Map());
  const [open, setOpen] = useState(false);
  const known = useMemo(
    () =>
      new Map([
        ...(dictOptions ?? []).map((o): [string, string] => [o.value, o.text]),
        ...dictTextNames(record?.[field.key], record?.[`${field.key}_dictText`]),
      ]),
    [dictOptions, record, field.key],
  );
  const missing = unnamed(values, learned, known).join(',');

  useEffect(() => {
    if (!missing) return;
    let live = true;
    picker
      .names(field, missing.split(','))
      .then((names) => live && setLearned((l) => new Map([...l, ...names])))
      .catch(reportThrown);
    return () => {
      live = false;
    };
  }, [picker, field, missing]);

  const picked = withNames(values, learned, known);
  const pick = (chosen: Picked[]) => {
    setLearned((l) => new Map([...l, ...chosen.map((p): [string, string] => [p.value, p.label])]));
    onChange(joinValue(chosen.map((p) => p.value)));
    setOpen(false);
  };
  const locked = disabled;

  return (
    <>
      <Space.Compact style={{ width: '100%' }}>
        <Select
          id={id}
          mode={multiple ? 'multiple' : undefined}
          maxTagCount={maxTagCount}
          open={false}
          showSearch={false}
          suffixIcon={null}
          value={multiple ? values : values[0]}
          options={picked.map((p) => ({ value: p.value, label: p.label }))}
          placeholder={placeholder}
          disabled={locked}
          allowClear
          style={{ width: '100%' }}
          onChange={(v?: string | string[]) => onChange(joinValue(Array.isArray(v) ? v : v ? [v] : []))}
        />
        <Button
          aria-label={t('chooseField', { title: field.title })}
          title={t('chooseField', { title: field.title })}
          icon={<SelectOutlined />}
          disabled={locked}
          onClick={() => setOpen(true)}
        />
      </Space.Compact>
      {open && (
        <Suspense fallback={null}>
          <picker.Modal
            field={field}
            multiple={multiple}
            value={picked}
            onOk={pick}
            onCancel={() => setOpen(false)}
          />
        </Suspense>
      )}
    </>
  );
}
