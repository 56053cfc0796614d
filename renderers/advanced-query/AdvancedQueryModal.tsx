import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { useCallback, useEffect, useState, type KeyboardEvent } from 'react';
import { Button, Col, Empty, Grid, Input, Modal, Row, Select, Space, Typography } from 'antd';
import type { EntityDocument } from '../../src/core/document/types';
import {
  ADVANCED_RULES,
  ruleLabel,
  conditionRows,
  isMultiValued,
  usableConditions,
  type AdvancedQuery,
  type ConditionRow,
  type MatchType,
} from '../../src/core/query/advanced';
import { reportThrown } from '../common/failure';
import { useOptions } from '../common/use-options';
import { providers } from '../providers';
import { ConditionValue } from './ConditionValue';
import { SavedQueries } from './SavedQueries';
import { useQueryFields } from './use-query-fields';
import { loadSavedQueries, saveQuery, type SavedQuery } from './saved-queries-api';
import { t } from './messages';

interface Props {
  doc: EntityDocument;
  open: boolean;
  /** the query in force when the modal opens */
  active?: AdvancedQuery;
  onClose: () => void;
  /** 查询 with usable conditions, or 重置 (undefined) */
  onApply: (query: AdvancedQuery | undefined) => void;
}

const BLANK: ConditionRow[] = [{}];
/** read by screen readers, not shown */
const HIDDEN = {
  position: 'absolute',
  width: 1,
  height: 1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
} as const;
const matchTypes = () => [
  { value: 'and', label: t('matchAll') },
  { value: 'or', label: t('matchAny') },
];

/**
 * 高级查询构造器: condition rows over the list's fields, AND or OR, the saved queries
 * on the right. 查询 applies the usable rows; 重置 clears the query in force.
 */
export function AdvancedQueryModal({ doc, open, active, onClose, onApply }: Props) {
  const { all: fields, byKey, options: fieldOptions } = useQueryFields(doc);
  const options = useOptions(fields);
  const phone = !Grid.useBreakpoint().md;
  const [modal, modalHolder] = Modal.useModal();
  const [matchType, setMatchType] = useState<MatchType>(active?.matchType ?? 'and');
  const [rows, setRows] = useState<ConditionRow[]>(active ? conditionRows(active.params) : BLANK);
  const [saved, setSaved] = useState<{ list: SavedQuery[]; offline: boolean }>({ list: [], offline: false });
  const [naming, setNaming] = useState<string | null>(null);

  const reloadSaved = useCallback(() => {
    loadSavedQueries(doc.code).then(setSaved, reportThrown);
  }, [doc.code]);
  useEffect(() => {
    if (open) reloadSaved();
  }, [open, reloadSaved]);

  const query = (): AdvancedQuery => ({ matchType, params: usableConditions(rows) });

  const change = (index: number, patch: ConditionRow) =>
    setRows((all) => all.map((r, i) => (i === index ? { ...r, ...patch } : r)));
  const chooseField = (index: number, key: string | undefined) =>
    // a new field: its value no longer applies, its type comes along
    change(index, { field: key, type: key ? byKey.get(key)?.type : undefined, val: undefined });
  const chooseRule = (index: number, rule: string) => {
    const row = rows[index];
    // leaving 'in', several values become the first one
    const val = !isMultiValued(rule) && Array.isArray(row.val) ? row.val[0] : row.val;
    change(index, { rule, val });
  };

  const search = () => {
    const q = query();
    if (!q.params.length) return providers().notices.warning(t('emptyQuery'));
    onApply(q);
    onClose();
  };
  const reset = () => {
    setMatchType('and');
    setRows(BLANK);
    onApply(undefined);
  };

  const askName = () => {
    if (!query().params.length) return providers().notices.warning(t('emptySave'));
    setNaming('');
  };
  const store = async (title: string) => {
    try {
      const res = await saveQuery(doc.code, title, query());
      if (!res.success) return providers().notices.warning(res.message);
      providers().notices.success(t('saved'));
      setNaming(null);
      reloadSaved();
    } catch (e) {
      reportThrown(e);
    }
  };
  const confirmName = () => {
    const title = (naming ?? '').trim();
    if (!title) return providers().notices.warning(t('noName'));
    if (saved.list.some((q) => q.mine && q.title === title))
      return void modal.confirm({
        title: t('overwrite', { title }),
        onOk: () => store(title),
      });
    void store(title);
  };

  const load = (q: SavedQuery) => {
    setMatchType(q.matchType);
    setRows(conditionRows(q.params).map((r) => ({ ...r, type: r.type ?? byKey.get(r.field!)?.type })));
  };

  // Enter in a value box runs the query (not in a drop-down, where Enter chooses an option)
  const enterRuns = (e: KeyboardEvent<HTMLDivElement>) => {
    const target = e.target as HTMLElement;
    if (e.key !== 'Enter' || e.nativeEvent.isComposing) return;
    if (target.tagName !== 'INPUT' || target.getAttribute('role') === 'combobox') return;
    e.preventDefault();
    search();
  };

  return (
    <Modal
      open={open}
      title={t('builder')}
      width={phone ? '100%' : 1000}
      style={phone ? { top: 0, maxWidth: '100vw', margin: 0, paddingBottom: 0 } : undefined}
      // on a phone the builder is the whole screen
      styles={phone ? { container: { minHeight: '100vh', borderRadius: 0 } } : undefined}
      onCancel={onClose}
      footer={
        <Space wrap>
          <Button onClick={reset}>{t('reset')}</Button>
          <Button onClick={askName}>{t('save')}</Button>
          <Button onClick={onClose}>{t('close')}</Button>
          <Button type="primary" onClick={search}>
            {t('search')}
          </Button>
        </Space>
      }
    >
      {modalHolder}
      <Row gutter={16}>
        <Col xs={24} md={18}>
          <Space style={{ marginBottom: 12 }} wrap>
            <span>{t('matchLabel')}</span>
            <Select
              aria-label={t('match')}
              value={matchType}
              options={matchTypes()}
              onChange={(v: MatchType) => setMatchType(v)}
              style={{ width: 240 }}
            />
          </Space>
          {rows.length === 0 ? (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('noCondition')}>
              <Typography.Link onClick={() => setRows(BLANK)}>{t('clickToAdd')}</Typography.Link>
            </Empty>
          ) : (
            <div onKeyDown={enterRuns}>
              {rows.map((row, i) => (
                <Row
                  key={i}
                  gutter={8}
                  style={{ marginBottom: 8 }}
                  align="middle"
                  aria-label={t('condition', { n: i + 1 })}
                >
                  <Col xs={24} sm={7}>
                    <Select
                      aria-label={t('conditionField', { n: i + 1 })}
                      placeholder={t('chooseField')}
                      showSearch={{ optionFilterProp: 'label' }}
                      options={fieldOptions}
                      value={row.field}
                      onChange={(v: string) => chooseField(i, v)}
                      style={{ width: '100%' }}
                    />
                  </Col>
                  <Col xs={10} sm={5}>
                    <Select
                      aria-label={t('conditionRule', { n: i + 1 })}
                      placeholder={t('rule')}
                      showSearch={{ optionFilterProp: 'label' }}
                      options={ADVANCED_RULES.map((value) => ({ value, label: ruleLabel(value) }))}
                      value={row.rule}
                      onChange={(v: string) => chooseRule(i, v)}
                      style={{ width: '100%' }}
                    />
                  </Col>
                  <Col xs={14} sm={8}>
                    {/* the value control is the type's own; its accessible name comes from here */}
                    <label htmlFor={`advq_${doc.code}_${i}`} style={HIDDEN}>
                      {t('conditionValue', { n: i + 1 })}
                    </label>
                    <ConditionValue
                      id={`advq_${doc.code}_${i}`}
                      field={row.field ? byKey.get(row.field) : undefined}
                      rule={row.rule}
                      value={row.val}
                      options={row.field ? options?.[row.field] : undefined}
                      onChange={(val) => change(i, { val })}
                    />
                  </Col>
                  <Col xs={24} sm={4}>
                    <Space>
                      <Button
                        aria-label={t('addAfter', { n: i + 1 })}
                        icon={<PlusOutlined />}
                        onClick={() => setRows((all) => [...all.slice(0, i + 1), {}, ...all.slice(i + 1)])}
                      />
                      <Button
                        aria-label={t('deleteCondition', { n: i + 1 })}
                        icon={<DeleteOutlined />}
                        onClick={() => setRows((all) => all.filter((_, j) => j !== i))}
                      />
                    </Space>
                  </Col>
                </Row>
              ))}
            </div>
          )}
        </Col>
        <Col xs={24} md={6} style={{ borderLeft: phone ? undefined : '1px solid rgba(5,5,5,0.06)' }}>
          <SavedQueries list={saved.list} offline={saved.offline} onLoad={load} onChanged={reloadSaved} />
        </Col>
      </Row>
      <Modal
        open={naming !== null}
        title={t('enterName')}
        onCancel={() => setNaming(null)}
        onOk={confirmName}
        destroyOnHidden
      >
        <Input
          aria-label={t('name')}
          autoFocus
          maxLength={50}
          value={naming ?? ''}
          onChange={(e) => setNaming(e.target.value)}
          onPressEnter={confirmName}
        />
      </Modal>
    </Modal>
  );
}
