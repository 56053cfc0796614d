import { DeleteOutlined, LoadingOutlined, PlusOutlined } from '@ant-design/icons';
import type { WidgetProps } from '@rjsf/utils';
import { Button, Upload } from 'antd';
import { useState } from 'react';
import { useFileUrl } from '../../common/use-file-url';
import { fileKind, IMAGE_EXTS } from '../../../src/core/upload-types';
import { uploadFolder } from '../../../src/core/document/model';
import type { FieldDoc } from '../../../src/core/document/types';
import { uploadFile } from '../../common/upload';
import styles from './ImageWidget.module.css';
import { providers } from '../../providers';
import { t } from '../messages';

/** an image field refuses anything but a picture with its own message, verbatim */
export const NOT_AN_IMAGE = 'please upload a picture-format file';

const isImage = (file: File) => IMAGE_EXTS.includes(fileKind(file.name)?.ext ?? '');

/**
 * image: one picture, uploaded at once to /sys/common/upload (into the folder the document names for
 * the field, upload.biz) with its progress; the field stores the path the server answers. Shown
 * through useFileUrl, since uploads are read with the session. 删除 clears the field (the file stays,
 * as other records may name it).
 */
export function ImageWidget({ id, value, disabled, readonly, onChange, label, options }: WidgetProps) {
  const path = typeof value === 'string' && value ? value : undefined;
  const url = useFileUrl(path);
  const [percent, setPercent] = useState<number | null>(null);
  const locked = disabled || readonly;

  const send = async (file: File) => {
    if (!isImage(file)) {
      providers().notices.error(NOT_AN_IMAGE);
      return;
    }
    setPercent(0);
    const stored = await uploadFile(
      file,
      uploadFolder(options.fieldDoc as FieldDoc | undefined) ?? 'temp',
      setPercent,
    );
    setPercent(null);
    if (stored) onChange(stored);
  };

  return (
    <div className={styles.box} id={id}>
      {path && (
        <div className={styles.picture}>
          {url ? <img src={url} alt={String(label ?? '')} /> : <LoadingOutlined aria-label={t('loading')} />}
        </div>
      )}
      {!locked && (
        <Upload
          accept={IMAGE_EXTS.map((e) => `.${e}`).join(',')}
          showUploadList={false}
          disabled={percent !== null}
          beforeUpload={(file) => {
            void send(file);
            return false; // sent by send(), with the session's headers
          }}
        >
          <button
            type="button"
            className={styles.pick}
            aria-label={t(path ? 'replaceOf' : 'uploadOf', { name: label ?? t('picture') })}
          >
            {percent !== null ? <LoadingOutlined /> : <PlusOutlined />}
            <span>{percent !== null ? `${percent}%` : t(path ? 'replace' : 'upload')}</span>
          </button>
        </Upload>
      )}
      {path && !locked && (
        <Button type="link" danger size="small" icon={<DeleteOutlined />} onClick={() => onChange(undefined)}>
          {t('delete')}
        </Button>
      )}
    </div>
  );
}
