import { UploadOutlined } from '@ant-design/icons';
import type { WidgetProps } from '@rjsf/utils';
import { Button } from 'antd';
import { useState } from 'react';
import type { FieldDoc } from '../../src/core/document/types';
import { limitOf, pathsOf } from './files-api';
import { FileLinks } from './FileLinks';
import { FilePopup } from './FilePopup';
import styles from './files.module.css';
import { t } from './messages';

/**
 * file / upload: several files as a list (name as a download link, 删除), added through the file
 * pop-up. The field's uploadnum caps the count by keeping the last N. Taking a file off
 * the list leaves the stored file to the cleanup, which removes it once no record names it.
 */
export function FileListEditor({ id, value, disabled, readonly, onChange, options }: WidgetProps) {
  const field = options.fieldDoc as FieldDoc | undefined;
  const paths = pathsOf(value);
  const max = limitOf(field, 0);
  const locked = disabled || readonly;
  const [popup, setPopup] = useState(false);
  const set = (next: string[]) => onChange(next.length ? next.join(',') : undefined);

  return (
    <div id={id} className={styles.editor}>
      <FileLinks paths={paths} onRemove={locked ? undefined : (p) => set(paths.filter((x) => x !== p))} />
      {!locked && (
        <div className={styles.addRow}>
          <Button icon={<UploadOutlined />} onClick={() => setPopup(true)}>
            {t('uploadFile')}
          </Button>
          {max > 0 && <span className={styles.hint}>{t('fileLimit', { max })}</span>}
        </div>
      )}
      {popup && (
        <FilePopup
          title={t('fileUpload')}
          field={field}
          onCancel={() => setPopup(false)}
          onOk={(stored) => {
            const all = [...paths, ...stored.map((f) => f.filePath)];
            set(max > 0 ? all.slice(-max) : all);
            setPopup(false);
          }}
        />
      )}
    </div>
  );
}
