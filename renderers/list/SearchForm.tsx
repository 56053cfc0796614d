import { useMemo, useRef, useState } from 'react';
import { SearchButtons } from './SearchButtons';
import { Col, Form, Input, InputNumber, Row, Select, Space } from 'antd';
import { dbTypeOf, isNumeric } from '../../src/core/document/model';
import type { EntityDocument, FieldDoc } from '../../src/core/document/types';
import { hasOptions } from '../common/dict';
import { asPickerValue, asText, formatOf } from './search-text';
import { reportThrown } from '../common/failure';
import { fieldPart, loadFieldParts, SEARCH_PARTS } from '../fields/parts';
import { useOptions } from '../common/use-options';
import { queryFields, type SearchValues } from './search-params';
import { foldedCount, MOST_FOLDED, useSearchSpan } from './search-span';
import { t } from './messages';

function toSearchValues(fields: FieldDoc[], raw: Record<string, unknown>): SearchValues {
  return Object.fromEntries(
    fields.map((f) => [f.key, asText(raw[f.key], formatOf(f)) as SearchValues[string]]),
  );
}

interface Props {
  doc: EntityDocument;
  /** the values applied when the list opened (from its page's URL) */
  initial?: SearchValues;
  onSearch: (values: SearchValues) => void;
}

/** the fields a folded search area may show: the list loads their controls before it draws (SEARCH_PARTS) */
export function foldedSearchFields(doc: EntityDocument): FieldDoc[] {
  return queryFields(doc).slice(0, MOST_FOLDED);
}

/**
 * The search area of a list: one control per field with `query`; 查询 applies, 重置 clears.
 * Folded to its first row (the fields that fit beside the buttons) until 展开: on a phone a long
 * search area would otherwise fill the first screen, and the fields not shown are not rendered.
 */
export function SearchForm({ doc, initial, onSearch }: Props) {
  const [form] = Form.useForm();
  const fields = useMemo(() => queryFields(doc), [doc]);
  // the form starts from them once; later searches live in the form itself
  const [initialValues] = useState(() =>
    Object.fromEntries(fields.map((f) => [f.key, asPickerValue(initial?.[f.key], formatOf(f))])),
  );
  const options = useOptions(fields);
  const row = useRef<HTMLDivElement>(null);
  const span = useSearchSpan(row);
  const [expanded, setExpanded] = useState(false);
  if (!fields.length) return null;
  const folded = foldedCount(span);
  const foldable = fields.length > folded;
  const shown = foldable && !expanded ? fields.slice(0, folded) : fields;

  // all values, folded fields' included (the form keeps them while they are not rendered)
  const submit = () => onSearch(toSearchValues(fields, form.getFieldsValue(true)));
  const reset = () => {
    // empty, not back to the values the list opened with
    form.setFieldsValue(Object.fromEntries(fields.map((f) => [f.key, undefined])));
    onSearch({});
  };

  /** the type's own range control, else 最小值 and 最大值 boxes the Form.Items below name */
  function rangeControl(f: FieldDoc, id: string) {
    const Range = fieldPart(f, 'rangeSearch');
    if (Range) return <Range id={id} field={f} />;
    const Box = isNumeric(dbTypeOf(f)) ? InputNumber : Input;
    return (
      <Space.Compact style={{ width: '100%' }}>
        <Form.Item name={[f.key, 0]} noStyle>
          <Box id={id} placeholder={t('min')} style={{ width: '50%' }} />
        </Form.Item>
        <Form.Item name={[f.key, 1]} noStyle>
          <Box
            aria-label={t('rangeEnd', { title: f.title })}
            placeholder={t('max')}
            style={{ width: '50%' }}
          />
        </Form.Item>
      </Space.Compact>
    );
  }

  /** the type's own search control, else the field's options in a select, else a text box */
  function control(f: FieldDoc, id: string) {
    if (f.query!.mode === 'range') return rangeControl(f, id);
    const Search = fieldPart(f, 'search');
    if (Search) return <Search id={id} field={f} options={options?.[f.key]} />;
    if (hasOptions(f)) {
      const opts = (options?.[f.key] ?? []).map((o) => ({ value: o.value, label: o.text }));
      return (
        <Select
          id={id}
          allowClear
          showSearch={{ optionFilterProp: 'label' }}
          placeholder={t('choose', { title: f.title })}
          options={opts}
        />
      );
    }
    return <Input id={id} allowClear placeholder={t('enter', { title: f.title })} />;
  }

  return (
    <Form form={form} initialValues={initialValues} onFinish={submit} style={{ marginBottom: 8 }}>
      <Row gutter={24} ref={row}>
        {shown.map((f) => {
          const id = `search_${doc.code}_${f.key}`;
          // two boxes are two Form.Items of their own; a range control is one
          const ranged = f.query!.mode === 'range' && !fieldPart(f, 'rangeSearch');
          return (
            <Col key={f.key} span={span}>
              <Form.Item label={f.title} htmlFor={id} name={ranged ? undefined : f.key}>
                {control(f, id)}
              </Form.Item>
            </Col>
          );
        })}
        <Col span={span}>
          <SearchButtons
            onReset={reset}
            foldable={foldable}
            expanded={expanded}
            onToggle={() =>
              expanded
                ? setExpanded(false)
                : // the folded fields' controls load before they show, not one by one after
                  void loadFieldParts(fields, SEARCH_PARTS).then(() => setExpanded(true), reportThrown)
            }
          />
        </Col>
      </Row>
    </Form>
  );
}
