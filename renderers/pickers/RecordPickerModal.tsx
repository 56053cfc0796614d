import { useMemo, useState } from 'react';
import { Button, Col, Empty, Input, Modal, Row as GridRow, Table, Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import type { Row } from '../list/columns';
import { totalText } from '../list/paging';
import { PICKER_PAGE_SIZE_OPTIONS } from '../../src/core/constants';
import { toggle, type Picked, type PickerModalProps } from './picked';
import { popupView, usePopupDocument, type PopupView } from './popup-api';
import { usePopupRecords } from './use-popup-records';
import { t } from './messages';

/**
 * The business picker ('{name}选择', the record-selection modal's width 900): a
 * searchable, paged list of the popup document's records on the left and the chosen ones on the
 * right, each with 删除. The field's popupCode names the document; nothing here knows its kind.
 */
export default function RecordPickerModal(props: PickerModalProps) {
  // a document the server refuses closes the picker
  const doc = usePopupDocument(props.field.popupCode!, props.onCancel);
  const view = useMemo(() => doc && popupView(doc, props.field), [doc, props.field]);
  return view ? <PopupTable view={view} {...props} /> : null;
}

function PopupTable({
  view: config,
  multiple,
  value,
  onOk,
  onCancel,
}: PickerModalProps & { view: PopupView }) {
  const { valueKey } = config;
  const { query, setQuery, page, loading } = usePopupRecords(config);
  const [picked, setPicked] = useState<Picked[]>(value);

  const asPicked = (r: Row): Picked => ({
    value: String(r[valueKey]),
    label: String(r[config.labelKey] ?? r[valueKey]),
  });
  const flip = (rows: Row[], checked: boolean) =>
    setPicked((p) => rows.reduce((acc, r) => toggle(acc, asPicked(r), checked, multiple), p));
  const isPicked = (r: Row) => picked.some((p) => p.value === String(r[valueKey]));

  const columns = useMemo<TableColumnsType<Row>>(
    () =>
      config.columns.map((c) => ({
        title: c.title,
        key: c.key,
        ellipsis: true,
        render: (_v, r) => c.text(r),
      })),
    [config],
  );
  const pickedColumns: TableColumnsType<Picked> = [
    {
      title: config.columns.find((c) => c.key === config.labelKey)?.title,
      dataIndex: 'label',
      ellipsis: true,
    },
    {
      title: t('actions'),
      key: 'action',
      width: 70,
      render: (_v, p) => (
        <Button
          type="link"
          size="small"
          aria-label={t('deleteOne', { name: p.label })}
          onClick={() => setPicked((all) => all.filter((x) => x.value !== p.value))}
        >
          {t('delete')}
        </Button>
      ),
    },
  ];

  return (
    <Modal
      title={config.title}
      open
      width={900}
      okText={t('ok')}
      cancelText={t('cancel')}
      onOk={() => onOk(picked)}
      onCancel={onCancel}
      mask={{ closable: false }}
    >
      <GridRow gutter={16}>
        <Col span={14}>
          <Input.Search
            placeholder={config.searchPlaceholder}
            aria-label={t('searchBox')}
            allowClear
            enterButton={t('search')}
            onSearch={(words) => setQuery((q) => ({ ...q, pageNo: 1, words }))}
            style={{ marginBottom: 12 }}
          />
          <Table<Row>
            size="small"
            rowKey={(r) => String(r[valueKey])}
            columns={columns}
            dataSource={page?.records ?? []}
            loading={loading}
            locale={{ emptyText: <Empty description={t('noRecord')} /> }}
            rowSelection={{
              type: multiple ? 'checkbox' : 'radio',
              selectedRowKeys: picked.map((p) => p.value),
              preserveSelectedRowKeys: true,
              onSelect: (r, checked) => flip([r], checked),
              onSelectAll: (checked, _rows, changed) => flip(changed, checked),
            }}
            onRow={(r) => ({ onClick: () => flip([r], !isPicked(r)) })}
            pagination={{
              current: query.pageNo,
              pageSize: query.pageSize,
              total: page?.total ?? 0,
              size: 'small',
              showSizeChanger: true,
              pageSizeOptions: PICKER_PAGE_SIZE_OPTIONS,
              showTotal: totalText,
              onChange: (pageNo, pageSize) => setQuery((q) => ({ ...q, pageNo, pageSize })),
            }}
          />
        </Col>
        <Col span={10}>
          <Typography.Text strong style={{ display: 'block', lineHeight: '32px', marginBottom: 12 }}>
            {t('pickedCount', { count: picked.length })}
          </Typography.Text>
          <Table<Picked>
            size="small"
            rowKey="value"
            columns={pickedColumns}
            dataSource={picked}
            pagination={false}
            scroll={{ y: 320 }}
            locale={{ emptyText: <Empty description={t('noneYet')} /> }}
          />
        </Col>
      </GridRow>
    </Modal>
  );
}
