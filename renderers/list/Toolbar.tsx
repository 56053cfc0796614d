import { DeleteOutlined, DownloadOutlined, PlusOutlined, UploadOutlined } from '@ant-design/icons';
import type { ReactNode } from 'react';
import { Button, Space } from 'antd';
import type { ActionGrants } from '../common/use-permissions';
import { SelectionAlert } from './SelectionAlert';

interface Props {
  grants: ActionGrants;
  selected: number;
  exporting: boolean;
  onAdd: () => void;
  onExport: () => void;
  onImport: () => void;
  onBatchDelete: () => void;
  onClearSelection: () => void;
  /** 高级查询, after the standard buttons (lists that have fields to query) */
  query?: ReactNode;
  /** a screen's own buttons, after the standard ones */
  extra?: ReactNode;
}

/** 新增 / 导出 / 导入 / 批量删除, each shown only with its permission code, 高级查询, a screen's extras, and the selection count */
export function Toolbar(p: Props) {
  return (
    <div style={{ marginBottom: 12 }}>
      <Space wrap style={{ marginBottom: 12 }}>
        {p.grants.add && (
          <Button type="primary" icon={<PlusOutlined />} onClick={p.onAdd}>
            新增
          </Button>
        )}
        {p.grants.export && (
          <Button icon={<DownloadOutlined />} loading={p.exporting} onClick={p.onExport}>
            导出
          </Button>
        )}
        {p.grants.import && (
          <Button icon={<UploadOutlined />} onClick={p.onImport}>
            导入
          </Button>
        )}
        {p.grants.batch_delete && (
          <Button danger icon={<DeleteOutlined />} onClick={p.onBatchDelete}>
            批量删除
          </Button>
        )}
        {p.query}
        {p.extra}
      </Space>
      <SelectionAlert selected={p.selected} onClear={p.onClearSelection} />
    </div>
  );
}
