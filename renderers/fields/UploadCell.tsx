import {
  CheckCircleFilled,
  CloseCircleFilled,
  DeleteOutlined,
  DownloadOutlined,
  LoadingOutlined,
  UploadOutlined,
} from '@ant-design/icons';
import { Button, Upload } from 'antd';
import { useState } from 'react';
import { fileKind, IMAGE_EXTS } from '../../src/core/upload-types';
import { NOT_AN_IMAGE } from '../form/widgets/ImageWidget';
import { providers } from '../providers';
import { download, limitOf, pathsOf, sendFile, shownName } from './files-api';
import { Thumbnails } from './ImageGallery';
import type { GridEditorProps } from './types';
import styles from './files.module.css';
import { t } from './messages';

/** a grid row keeps its height: thumbnails this small */
const CELL_THUMB = 32;

/** an upload under way (its percent) or failed (its message); none: empty or done */
type Sending = { percent: number } | { error: string } | null;

/**
 * The upload cell of an editable grid ("Upload cell"): empty, then uploading with its
 * percent, then done (the path stored, a check mark) or failed (its message in red; the server's
 * refusal also in the 上传出错 dialog). A picture cell shows a loading icon while it uploads and an
 * error icon when it failed. allowDownload offers the file, allowRemove clears the value; uploadnum
 * lets a cell keep more than one file (the last ones).
 */
export function UploadCell({ images, ...props }: GridEditorProps & { images?: boolean }) {
  const { id, field, value, disabled, onChange, onBlur } = props;
  const paths = pathsOf(value);
  const [sending, setSending] = useState<Sending>(null);
  const max = limitOf(field, 1);

  const send = async (file: File) => {
    if (images && !IMAGE_EXTS.includes(fileKind(file.name)?.ext ?? '')) {
      providers().notices.error(NOT_AN_IMAGE);
      setSending({ error: NOT_AN_IMAGE });
      return;
    }
    setSending({ percent: 0 });
    let failure = '';
    const stored = await sendFile(
      file,
      field,
      images ? IMAGE_EXTS : undefined,
      (percent) => setSending({ percent }),
      (message) => (failure = message),
    );
    if (!stored) {
      setSending({ error: failure });
      return;
    }
    setSending(null);
    const next = [...paths, stored.filePath];
    onChange((max > 0 ? next.slice(-max) : next).join(','));
    onBlur();
  };

  const uploading = sending && 'percent' in sending;
  const failed = sending && 'error' in sending ? sending.error : null;
  const done = paths.length > 0 && !sending;
  return (
    <div id={id} className={styles.uploadCell}>
      {images && paths.length > 0 && <Thumbnails paths={paths} size={CELL_THUMB} title={field.title} />}
      {!images && paths.length > 0 && (
        <span className={styles.cellName} title={paths.map(shownName).join(', ')}>
          {paths.map(shownName).join(', ')}
        </span>
      )}
      {uploading && (
        <span className={styles.cellState}>
          <LoadingOutlined aria-label={t('uploading')} /> {sending.percent}%
        </span>
      )}
      {failed !== null &&
        (images ? (
          <CloseCircleFilled className={styles.cellError} aria-label={t('uploadError')} title={failed} />
        ) : (
          <span className={styles.cellError} role="status">
            <CloseCircleFilled /> {failed}
          </span>
        ))}
      {done && <CheckCircleFilled className={styles.cellDone} aria-label={t('uploadDone')} />}
      {!disabled && !uploading && (max === 0 || paths.length < max) && (
        <Upload
          accept={images ? IMAGE_EXTS.map((e) => `.${e}`).join(',') : undefined}
          showUploadList={false}
          beforeUpload={(file) => {
            void send(file);
            return false; // sent by send(), with the session's headers
          }}
        >
          <Button size="small" icon={<UploadOutlined />} aria-label={t('uploadOf', { name: field.title })}>
            {t('upload')}
          </Button>
        </Upload>
      )}
      {field.allowDownload && done && (
        <Button
          type="link"
          size="small"
          icon={<DownloadOutlined />}
          aria-label={t('downloadOf', { name: field.title })}
          title={t('download')}
          onClick={() => paths.forEach(download)}
        />
      )}
      {field.allowRemove && !disabled && (paths.length > 0 || failed !== null) && (
        <Button
          type="link"
          danger
          size="small"
          icon={<DeleteOutlined />}
          aria-label={t('deleteOf', { name: field.title })}
          title={t('delete')}
          onClick={() => {
            setSending(null);
            onChange(undefined);
            onBlur();
          }}
        />
      )}
    </div>
  );
}
