import { useEffect, useState } from 'react';
import type { WidgetProps } from '@rjsf/utils';
import { AutoComplete, Typography } from 'antd';
import { reportReadFailure, reportThrown } from '../../common/failure';
import { fieldDocOf, formRecord } from '../../form/widgets/field-doc';
import { ruleColumns } from '../../server/system';
import { t } from '../messages';

/** what the server offers for a menu (src/server/sys/permission/data-rules.ts ruleColumns) */
interface RuleColumns {
  report: boolean;
  columns: { key: string; title: string }[];
}

/**
 * rule_column's form editor (src/core/fields/rule-column.ts): free text, with the columns a rule on
 * the record's menu may name to pick from, and what they are (a report's columns or a document's fields)
 */
export default function RuleColumnWidget({
  id,
  value,
  disabled,
  readonly,
  placeholder,
  options,
  registry,
  onChange,
  onBlur,
  onFocus,
}: WidgetProps) {
  const field = fieldDocOf(options);
  const menuId = String(formRecord(registry)?.[field.menuField ?? ''] ?? '');
  const [offered, setOffered] = useState<RuleColumns>({ report: false, columns: [] });
  useEffect(() => {
    if (!menuId) return;
    let live = true;
    ruleColumns<RuleColumns>(menuId)
      .then((res) => {
        if (!live) return;
        if (res.success) setOffered(res.result);
        else reportReadFailure(res);
      })
      .catch(reportThrown);
    return () => {
      live = false;
    };
  }, [menuId]);
  return (
    <>
      <AutoComplete
        id={id}
        value={value ?? ''}
        placeholder={placeholder}
        disabled={disabled || readonly}
        options={offered.columns.map((c) => ({ value: c.key, label: `${c.title}（${c.key}）` }))}
        filterOption={(input, o) => String(o?.label ?? '').includes(input)}
        style={{ width: '100%' }}
        onChange={(v: string) => onChange(v || undefined)}
        onBlur={() => onBlur(id, value)}
        onFocus={() => onFocus(id, value)}
      />
      <Typography.Text type="secondary">
        {offered.report ? t('ruleColumnOfReport') : t('ruleColumnOfList')}
      </Typography.Text>
    </>
  );
}
