import { useState } from 'react';
import { UploadOutlined } from '@ant-design/icons';
import { Button, Modal, Progress, Upload, type UploadFile } from 'antd';
import { downloadFile, uploadAction } from '../../src/app/http/client';
import { notices } from '../../src/app/http/notices';
import { MODAL_WIDTH } from '../../src/core/constants';
import { reportThrown } from '../common/failure';

/** spec 5.2: import takes .xls and .xlsx only */
export const IMPORT_REJECTED = '文件格式有误,仅支持xls,xlsx格式文件上传';
const EXCEL_NAME = /\.(xls|xlsx)$/i;

export function isExcelName(name: string): boolean {
  return EXCEL_NAME.test(name);
}

/** code 201: some rows were imported, the rest are described in an error file */
const PARTIAL_CODE = 201;

interface PartialResult {
  msg?: string;
  fileUrl?: string;
  fileName?: string;
}

interface Props {
  open: boolean;
  /** the document's API base; the file goes to `<api>/importExcel` */
  api: string;
  onClose: () => void;
  /** rows were imported: the list reloads */
  onImported: () => void;
}

/**
 * 导入EXCEL (spec 2.7 / 4 "Import modal"): pick one Excel file, upload it with progress. Success
 * closes; a partial import closes too (rows went in) and leaves a warning with the error file;
 * any other failure warns and keeps the modal open.
 */
export default function ImportModal({ open, api, onClose, onImported }: Props) {
  const [file, setFile] = useState<File | null>(null);
  const [percent, setPercent] = useState<number | null>(null);
  const [modal, contextHolder] = Modal.useModal();

  const close = () => {
    setFile(null);
    setPercent(null);
    onClose();
  };

  const showPartial = (title: string, r: PartialResult) =>
    modal.warning({
      title,
      content: (
        <div>
          <div>{r.msg}</div>
          {r.fileUrl && (
            <a
              role="button"
              onClick={() =>
                void downloadFile(r.fileUrl!, {}, r.fileName || '导入错误信息.txt').catch((e: unknown) =>
                  notices.warning(e instanceof Error ? e.message : '文件下载失败'),
                )
              }
            >
              下载错误信息
            </a>
          )}
        </div>
      ),
    });

  const start = async () => {
    if (!file) return;
    const form = new FormData();
    form.append('file', file);
    setPercent(0);
    try {
      const res = await uploadAction<PartialResult | null>(`${api}/importExcel`, form, setPercent);
      if (res.success && res.code === PARTIAL_CODE) {
        showPartial(res.message, res.result ?? {});
      } else if (res.success) {
        notices.success(res.message || '导入成功');
      } else {
        notices.warning(res.message || '导入失败');
        setPercent(null);
        return;
      }
      close();
      onImported();
    } catch (e) {
      reportThrown(e);
      setPercent(null);
    }
  };

  const fileList: UploadFile[] = file ? [{ uid: '1', name: file.name, status: 'done' }] : [];
  const uploading = percent !== null;

  return (
    <>
      {contextHolder}
      <Modal
        title="导入EXCEL"
        open={open}
        width={MODAL_WIDTH.import}
        onCancel={close}
        destroyOnHidden
        mask={{ closable: false }}
        footer={[
          <Button key="close" onClick={close}>
            关闭
          </Button>,
          <Button
            key="start"
            type="primary"
            disabled={!file}
            loading={uploading}
            onClick={() => void start()}
          >
            开始上传
          </Button>,
        ]}
      >
        <Upload
          accept=".xls,.xlsx"
          maxCount={1}
          fileList={fileList}
          disabled={uploading}
          beforeUpload={(f) => {
            if (!isExcelName(f.name)) {
              notices.warning(IMPORT_REJECTED);
              return Upload.LIST_IGNORE;
            }
            setFile(f);
            return false; // nothing uploads until 开始上传
          }}
          onRemove={() => setFile(null)}
        >
          <Button icon={<UploadOutlined />} disabled={uploading}>
            选择导入文件
          </Button>
        </Upload>
        <div style={{ marginTop: 8, color: 'rgba(0, 0, 0, 0.45)' }}>仅支持 .xls、.xlsx 格式的文件</div>
        {uploading && <Progress percent={percent} status="active" style={{ marginTop: 16 }} />}
      </Modal>
    </>
  );
}
