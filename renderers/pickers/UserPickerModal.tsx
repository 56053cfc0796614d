import { useEffect, useState } from 'react';
import { ReloadOutlined, SearchOutlined } from '@ant-design/icons';
import { Button, Col, Empty, Input, Modal, Row, Space, Spin, Table, Tree, Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import { PICKER_PAGE_SIZE, PICKER_PAGE_SIZE_OPTIONS } from '../../src/core/constants';
import type { Page } from '../../src/core/wire';
import { reportThrown } from '../common/failure';
import { totalText } from '../list/paging';
import type { DepartNode } from './depart-api';
import { PickedSummary } from './PickedSummary';
import { toggle, type Picked, type PickerModalProps } from './picked';
import { useDepartTree } from './use-depart-tree';
import { pageUsers, type PickerUser, type UserQuery } from './user-api';
import { t } from './messages';

const columns = (): TableColumnsType<PickerUser> => [
  { title: t('username'), dataIndex: 'username', width: 160 },
  { title: t('realname'), dataIndex: 'realname', width: 140 },
  { title: t('sex'), dataIndex: 'sex_dictText', width: 80 },
  { title: t('phone'), dataIndex: 'phone', width: 140 },
  { title: t('depart'), dataIndex: 'orgCodeTxt', ellipsis: true },
];

const asPicked = (u: PickerUser): Picked => ({ value: u.id, label: u.realname || u.username });

/**
 * 根据部门选择用户: the department tree on the left narrows the users on the right to
 * that department and its sub-departments (select it again to see everyone); the account box
 * searches with Enter or 查询, 重置 clears both. Checks are kept across pages and searches.
 */
export default function UserPickerModal({ multiple, value, onOk, onCancel }: PickerModalProps) {
  const tree = useDepartTree();
  const [query, setQuery] = useState<UserQuery>({ pageNo: 1, pageSize: PICKER_PAGE_SIZE });
  const [account, setAccount] = useState('');
  const [page, setPage] = useState<Page<PickerUser> | null>(null);
  const [loading, setLoading] = useState(false);
  const [picked, setPicked] = useState<Picked[]>(value);

  useEffect(() => {
    let live = true;
    setLoading(true);
    pageUsers(query)
      .then((p) => live && p && setPage(p))
      .catch(reportThrown)
      .finally(() => live && setLoading(false));
    return () => {
      live = false;
    };
  }, [query]);

  const search = () => setQuery((q) => ({ ...q, pageNo: 1, username: account.trim() || undefined }));
  const reset = () => {
    setAccount('');
    setQuery((q) => ({ pageNo: 1, pageSize: q.pageSize }));
  };
  const flip = (users: PickerUser[], checked: boolean) =>
    setPicked((p) => users.reduce((acc, u) => toggle(acc, asPicked(u), checked, multiple), p));
  const isPicked = (u: PickerUser) => picked.some((p) => p.value === u.id);

  return (
    <Modal
      title={t('chooseUsers')}
      open
      width={1250}
      okText={t('ok')}
      cancelText={t('cancel')}
      onOk={() => onOk(picked)}
      onCancel={onCancel}
      mask={{ closable: false }}
    >
      <Row gutter={16}>
        <Col span={6}>
          <Typography.Text strong>{t('depart')}</Typography.Text>
          <div style={{ height: 470, overflow: 'auto', marginTop: 8 }}>
            {!tree ? (
              <Spin style={{ display: 'block', padding: 48 }} />
            ) : tree.length ? (
              <Tree<DepartNode>
                aria-label={t('depart')}
                blockNode
                defaultExpandAll
                treeData={tree}
                selectedKeys={query.departId ? [query.departId] : []}
                onSelect={(keys) =>
                  setQuery((q) => ({ ...q, pageNo: 1, departId: keys[0] ? String(keys[0]) : undefined }))
                }
              />
            ) : (
              <Empty description={t('noDepart')} />
            )}
          </div>
        </Col>
        <Col span={18}>
          <Space style={{ marginBottom: 12 }} wrap>
            <span>{t('username')}</span>
            <Input
              aria-label={t('username')}
              placeholder={t('enterUsername')}
              allowClear
              value={account}
              onChange={(e) => setAccount(e.target.value)}
              onPressEnter={search}
              style={{ width: 220 }}
            />
            <Button type="primary" icon={<SearchOutlined />} onClick={search}>
              {t('search')}
            </Button>
            <Button icon={<ReloadOutlined />} onClick={reset}>
              {t('reset')}
            </Button>
          </Space>
          <Table<PickerUser>
            size="small"
            rowKey="id"
            columns={columns()}
            dataSource={page?.records ?? []}
            loading={loading}
            scroll={{ y: 340 }}
            locale={{ emptyText: <Empty description={t('noUser')} /> }}
            rowSelection={{
              type: multiple ? 'checkbox' : 'radio',
              selectedRowKeys: picked.map((p) => p.value),
              preserveSelectedRowKeys: true,
              onSelect: (u, checked) => flip([u], checked),
              onSelectAll: (checked, _rows, changed) => flip(changed, checked),
            }}
            onRow={(u) => ({ onClick: () => flip([u], !isPicked(u)) })}
            pagination={{
              current: query.pageNo,
              pageSize: query.pageSize,
              total: page?.total ?? 0,
              showSizeChanger: true,
              pageSizeOptions: PICKER_PAGE_SIZE_OPTIONS,
              showTotal: totalText,
              onChange: (pageNo, pageSize) => setQuery((q) => ({ ...q, pageNo, pageSize })),
            }}
          />
          <PickedSummary picked={picked} unit={t('userUnit')} />
        </Col>
      </Row>
    </Modal>
  );
}
