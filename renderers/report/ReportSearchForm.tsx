import { useState } from 'react';
import { SearchButtons } from '../list/SearchButtons';
import dayjs, { type Dayjs } from 'dayjs';
import { Col, Form, Input, InputNumber, Row, Select, Space } from 'antd';
import { DATE_FORMAT } from '../../src/core/constants';
import type { DictOption } from '../common/dict';
import { SearchDate } from '../list/SearchDate';
import { t } from './messages';
import type { QueryItem, ReportSearch } from './report-api';

/** date pickers hold dayjs values; the report wants them as text */
function asText(v: unknown): unknown {
  if (dayjs.isDayjs(v)) return (v as Dayjs).format(DATE_FORMAT);
  if (Array.isArray(v)) return v.map(asText);
  return v;
}

interface Props {
  code: string;
  items: QueryItem[];
  /** dictionary options by field (the report's own dictOptions) */
  options: Record<string, DictOption[]>;
  onSearch: (values: ReportSearch) => void;
}

/** The report's search area from getQueryInfo: items marked hidden wait behind 展开. */
export function ReportSearchForm({ code, items, options, onSearch }: Props) {
  const [form] = Form.useForm();
  const [expanded, setExpanded] = useState(false);
  if (!items.length) return null;
  const foldable = items.some((q) => q.hidden);
  const shown = expanded ? items : items.filter((q) => !q.hidden);

  function control(q: QueryItem, id: string) {
    if (q.view === 'date')
      return <SearchDate id={id} kind="date" range={q.mode === 'group'} format={DATE_FORMAT} />;
    if (q.view === 'list')
      return (
        <Select
          id={id}
          allowClear
          showSearch={{ optionFilterProp: 'label' }}
          placeholder={t('choose', { label: q.label })}
          options={(options[q.field] ?? []).map((o) => ({ value: o.value, label: o.text }))}
        />
      );
    if (q.mode === 'group') {
      const Box = q.view === 'number' ? InputNumber : Input;
      return (
        <Space.Compact style={{ width: '100%' }}>
          <Form.Item name={[q.field, 0]} noStyle>
            <Box id={id} placeholder={t('min')} style={{ width: '50%' }} />
          </Form.Item>
          <Form.Item name={[q.field, 1]} noStyle>
            <Box
              aria-label={t('rangeEnd', { label: q.label })}
              placeholder={t('max')}
              style={{ width: '50%' }}
            />
          </Form.Item>
        </Space.Compact>
      );
    }
    if (q.view === 'number')
      return <InputNumber id={id} style={{ width: '100%' }} placeholder={t('enter', { label: q.label })} />;
    return <Input id={id} allowClear placeholder={t('enter', { label: q.label })} />;
  }

  const submit = () => onSearch(asText(form.getFieldsValue(true)) as ReportSearch);
  const reset = () => {
    form.resetFields();
    onSearch({});
  };

  return (
    <Form form={form} onFinish={submit} style={{ marginBottom: 8 }}>
      <Row gutter={24}>
        {shown.map((q) => {
          const id = `search_${code}_${q.field}`;
          // two number boxes are two Form.Items of their own
          const boxes = q.mode === 'group' && q.view !== 'date';
          return (
            <Col key={q.field} xs={24} md={12} xl={6}>
              <Form.Item label={q.label} htmlFor={id} name={boxes ? undefined : q.field}>
                {control(q, id)}
              </Form.Item>
            </Col>
          );
        })}
        <Col xs={24} md={12} xl={6}>
          <SearchButtons
            onReset={reset}
            foldable={foldable}
            expanded={expanded}
            onToggle={() => setExpanded(!expanded)}
          />
        </Col>
      </Row>
    </Form>
  );
}
