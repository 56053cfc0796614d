import {
  DeleteOutlined,
  DownloadOutlined,
  DownOutlined,
  FileZipOutlined,
  PlusOutlined,
  UploadOutlined,
} from '@ant-design/icons';
import type { ReactNode } from 'react';
import { Button, Dropdown, Space } from 'antd';
import type { ExportFormat } from '../../src/core/exports';
import type { ActionGrants } from '../common/use-permissions';
import { SelectionAlert } from './SelectionAlert';
import { t } from './messages';

/** a file or image field whose stored files 导出附件 packs */
export interface AttachmentField {
  key: string;
  title: string;
}

interface Props {
  grants: ActionGrants;
  selected: number;
  exporting: boolean;
  onAdd: () => void;
  /** the add button's words (the document's labels.add), default 新增 */
  addLabel?: string;
  /** without a format: the default (.xls, unless the rows would not fit) */
  onExport: (format?: ExportFormat) => void;
  onImport: () => void;
  onBatchDelete: () => void;
  onClearSelection: () => void;
  /** the document's file and image fields: 导出附件 shows while rows are selected */
  attachments?: AttachmentField[];
  onExportAttachments?: (field: AttachmentField) => void;
  /** 高级查询, after the standard buttons (lists that have fields to query) */
  query?: ReactNode;
  /** a screen's own buttons, after the standard ones */
  extra?: ReactNode;
}

/** the export menu's formats, in the chosen language */
const formats = (): { key: ExportFormat; label: string }[] => [
  { key: 'xls', label: t('exportXls') },
  { key: 'xlsx', label: t('exportXlsx') },
];

/**
 * 新增 / 导出 (its menu: .xls or .xlsx) / 导入 / 批量删除, each shown only with its permission code,
 * 导出附件 while rows are selected (a menu of the fields when there are several), 高级查询, a
 * screen's extras, and the selection count
 */
export function Toolbar(p: Props) {
  const attachments = p.grants.export && p.selected > 0 ? (p.attachments ?? []) : [];
  return (
    <div style={{ marginBottom: 12 }}>
      <Space wrap style={{ marginBottom: 12 }}>
        {p.grants.add && (
          <Button type="primary" icon={<PlusOutlined />} onClick={p.onAdd}>
            {p.addLabel ?? t('add')}
          </Button>
        )}
        {p.grants.export && (
          <Space.Compact>
            <Button icon={<DownloadOutlined />} loading={p.exporting} onClick={() => p.onExport()}>
              {t('export')}
            </Button>
            {/* autoFocus: opened by keyboard, the menu takes the arrows and Enter */}
            <Dropdown
              trigger={['click']}
              autoFocus
              disabled={p.exporting}
              menu={{ items: formats(), onClick: ({ key }) => p.onExport(key as ExportFormat) }}
            >
              <Button icon={<DownOutlined />} aria-label={t('chooseFormat')} />
            </Dropdown>
          </Space.Compact>
        )}
        {p.grants.import && (
          <Button icon={<UploadOutlined />} onClick={p.onImport}>
            {t('import')}
          </Button>
        )}
        {p.grants.batch_delete && (
          <Button danger icon={<DeleteOutlined />} onClick={p.onBatchDelete}>
            {t('deleteBatch')}
          </Button>
        )}
        {attachments.length === 1 && (
          <Button icon={<FileZipOutlined />} onClick={() => p.onExportAttachments?.(attachments[0])}>
            {t('exportFiles')}
          </Button>
        )}
        {attachments.length > 1 && (
          <Dropdown
            trigger={['click']}
            autoFocus
            menu={{
              items: attachments.map((f) => ({ key: f.key, label: f.title })),
              onClick: ({ key }) => p.onExportAttachments?.(attachments.find((f) => f.key === key)!),
            }}
          >
            <Button icon={<FileZipOutlined />}>
              {t('exportFiles')} <DownOutlined />
            </Button>
          </Dropdown>
        )}
        {p.query}
        {p.extra}
      </Space>
      <SelectionAlert selected={p.selected} onClear={p.onClearSelection} />
    </div>
  );
}
