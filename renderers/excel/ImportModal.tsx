import { useEffect, useRef, useState } from 'react';
import { DownloadOutlined, UploadOutlined } from '@ant-design/icons';
import { Button, Modal, Progress, Upload, type UploadFile } from 'antd';
import { MODAL_WIDTH } from '../../src/core/constants';
import type { ImportJob } from '../../src/core/import-jobs/model';
import { CODE } from '../../src/core/wire';
import { reportThrown } from '../common/failure';
import { RecentImports } from './RecentImports';
import { newJobId } from './job-id';
import { t } from './messages';
import { downloadTemplate } from './use-export';
import { providers } from '../providers';
import { recordsOf } from '../server/records';

/** import takes .xls and .xlsx only */
const EXCEL_NAME = /\.(xls|xlsx)$/i;

export function isExcelName(name: string): boolean {
  return EXCEL_NAME.test(name);
}

/** how often the dialog asks how far the server got */
const POLL_MS = 1000;

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
  /** a sub-table list's master (field key → id): every imported row goes under it */
  foreignKeys?: Record<string, string>;
  /** the document's title: 下载模板 saves `<title>模板.xls` */
  title?: string;
  /** the query of 下载模板 on `<api>/exportXls` (default type=template) */
  templateParams?: Record<string, string>;
}

/** where an import is: the file going up, then the server reading it, then rows landing */
type Stage = { step: 'upload'; percent: number } | { step: 'server'; job: ImportJob | null };

function ServerProgress({ job }: { job: ImportJob | null }) {
  if (!job || job.rowsTotal === null)
    return <Progress percent={100} status="active" showInfo={false} aria-label={t('readingFile')} />;
  const done = job.rowsLanded + job.rowsFailed;
  return (
    <Progress
      percent={job.rowsTotal ? Math.floor((done / job.rowsTotal) * 100) : 100}
      status="active"
      aria-label={t('importing')}
    />
  );
}

function stageText(stage: Stage): string {
  if (stage.step === 'upload') return t('uploadingFile');
  const job = stage.job;
  if (!job || job.rowsTotal === null) return t('readingFile');
  return t('importProgress', {
    done: job.rowsLanded + job.rowsFailed,
    total: job.rowsTotal,
    landed: job.rowsLanded,
  });
}

/**
 * 导入EXCEL ("Import modal"): pick one Excel file and upload it. A progress bar follows
 * the upload, then the server's job (reading the file, then rows landing batch by batch). Success
 * closes; a partial import closes too (rows went in) and leaves a warning with the error file; a
 * file imported before asks first; any other failure warns and keeps the modal open. The user's
 * recent imports of this list (and what an interrupted one landed) show below.
 */
export default function ImportModal({
  open,
  api,
  onClose,
  onImported,
  foreignKeys,
  title,
  templateParams,
}: Props) {
  const [file, setFile] = useState<File | null>(null);
  const [stage, setStage] = useState<Stage | null>(null);
  const [recentKey, setRecentKey] = useState(0);
  const [modal, contextHolder] = Modal.useModal();
  const poll = useRef<number | null>(null);

  const stopPolling = () => {
    if (poll.current !== null) window.clearInterval(poll.current);
    poll.current = null;
  };
  useEffect(() => stopPolling, []);

  const close = () => {
    stopPolling();
    setFile(null);
    setStage(null);
    onClose();
  };

  const follow = (jobId: string) => {
    stopPolling();
    poll.current = window.setInterval(() => {
      // the job appears once the upload is in; until then (and on any hiccup) keep the last view
      recordsOf(api)
        .importJob<ImportJob>(jobId)
        .then((res) => {
          if (res.success && poll.current !== null) setStage({ step: 'server', job: res.result });
        })
        .catch(() => undefined);
    }, POLL_MS);
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
                void providers()
                  .data.download(r.fileUrl!, {}, r.fileName || t('errorFileName'))
                  .catch((e: unknown) =>
                    providers().notices.warning(e instanceof Error ? e.message : t('downloadFailed')),
                  )
              }
            >
              {t('downloadErrors')}
            </a>
          )}
        </div>
      ),
    });

  const start = async (reimport = false) => {
    if (!file) return;
    const jobId = newJobId();
    const form = new FormData();
    form.append('jobId', jobId);
    if (reimport) form.append('reimport', '1');
    if (foreignKeys) form.append('foreignKeys', JSON.stringify(foreignKeys));
    form.append('file', file);
    setStage({ step: 'upload', percent: 0 });
    let uploaded = false;
    try {
      const res = await recordsOf(api).importFile<PartialResult | null>(form, (percent) => {
        if (percent < 100) return setStage({ step: 'upload', percent });
        if (uploaded) return;
        uploaded = true;
        setStage({ step: 'server', job: null });
        follow(jobId);
      });
      stopPolling();
      setRecentKey((k) => k + 1);
      if (res.success && res.code === CODE.partial) {
        showPartial(res.message, res.result ?? {});
      } else if (res.success) {
        providers().notices.success(res.message || t('imported'));
      } else if (res.code === CODE.reimport) {
        setStage(null);
        modal.confirm({
          title: t('importedBefore'),
          content: t('importAnywayQuestion', { message: res.message }),
          okText: t('importAnyway'),
          cancelText: t('cancel'),
          onOk: () => void start(true),
        });
        return;
      } else {
        providers().notices.warning(res.message || t('importFailed'));
        setStage(null);
        return;
      }
      close();
      onImported();
    } catch (e) {
      stopPolling();
      reportThrown(e);
      setStage(null);
    }
  };

  const fileList: UploadFile[] = file ? [{ uid: '1', name: file.name, status: 'done' }] : [];
  const busy = stage !== null;

  return (
    <>
      {contextHolder}
      <Modal
        title={t('importExcel')}
        open={open}
        width={MODAL_WIDTH.import}
        onCancel={close}
        destroyOnHidden
        mask={{ closable: false }}
        footer={[
          <Button key="close" onClick={close}>
            {t('close')}
          </Button>,
          <Button key="start" type="primary" disabled={!file} loading={busy} onClick={() => void start()}>
            {t('startUpload')}
          </Button>,
        ]}
      >
        <Upload
          accept=".xls,.xlsx"
          maxCount={1}
          fileList={fileList}
          disabled={busy}
          beforeUpload={(f) => {
            if (!isExcelName(f.name)) {
              providers().notices.warning(t('importRejected'));
              return Upload.LIST_IGNORE;
            }
            setFile(f);
            return false; // nothing uploads until 开始上传
          }}
          onRemove={() => setFile(null)}
        >
          <Button icon={<UploadOutlined />} disabled={busy}>
            {t('chooseFile')}
          </Button>
        </Upload>
        <Button
          type="link"
          icon={<DownloadOutlined />}
          style={{ paddingInline: 0, marginTop: 8 }}
          onClick={() => void downloadTemplate(recordsOf(api).exportXls, title, templateParams)}
        >
          {t('downloadTemplate')}
        </Button>
        <div style={{ marginTop: 8, color: 'rgba(0, 0, 0, 0.45)' }}>{t('importHint')}</div>
        {stage && (
          <div style={{ marginTop: 16 }} role="status">
            <div>{stageText(stage)}</div>
            {stage.step === 'upload' ? (
              <Progress percent={stage.percent} status="active" aria-label={t('uploadingFile')} />
            ) : (
              <ServerProgress job={stage.job} />
            )}
          </div>
        )}
        {open && <RecentImports api={api} refreshKey={recentKey} />}
      </Modal>
    </>
  );
}
