import { InboxOutlined } from '@ant-design/icons';
import { Modal, Progress, Upload } from 'antd';
import { useRef, useState } from 'react';
import { providers } from '../providers';
import type { FieldDoc } from '../../src/core/document/types';
import { sendFile, type FileObject } from './files-api';
import styles from './files.module.css';
import { t } from './messages';

/** the file pop-up's size */
const WIDTH = 520;
const HEIGHT = 200;

interface Props {
  title: string;
  field: FieldDoc | undefined;
  /** the extensions taken (default: every allowed type) */
  exts?: readonly string[];
  onOk: (files: FileObject[]) => void;
  onCancel: () => void;
}

/**
 * The file pop-up: an upload control that sends each chosen file at once (with its
 * progress and its own message); 确定 hands over what was stored, and with nothing stored warns
 * 没有上传文件 and stays open.
 */
export function FilePopup({ title, field, exts, onOk, onCancel }: Props) {
  // files are kept in the order they were chosen, not the order their uploads finished
  const [stored, setStored] = useState<{ chosen: number; file: FileObject }[]>([]);
  const [sending, setSending] = useState<Record<string, number>>({});
  const chosenCount = useRef(0);

  const send = async (file: File) => {
    const chosen = chosenCount.current++;
    setSending((s) => ({ ...s, [file.name]: 0 }));
    const f = await sendFile(file, field, exts, (p) => setSending((s) => ({ ...s, [file.name]: p })));
    setSending(({ [file.name]: _done, ...rest }) => rest);
    if (f) setStored((s) => [...s, { chosen, file: f }].sort((a, b) => a.chosen - b.chosen));
  };

  return (
    <Modal
      open
      title={title}
      width={WIDTH}
      styles={{ body: { height: HEIGHT, overflowY: 'auto' } }}
      okButtonProps={{ disabled: Object.keys(sending).length > 0 }}
      onOk={() =>
        stored.length ? onOk(stored.map((s) => s.file)) : providers().notices.warning(t('noFile'))
      }
      onCancel={onCancel}
      destroyOnHidden
    >
      <Upload.Dragger
        multiple
        showUploadList={false}
        accept={exts?.map((e) => `.${e}`).join(',')}
        beforeUpload={(file) => {
          void send(file);
          return false; // sent by send(), with the session's headers
        }}
      >
        <p className={styles.dropIcon}>
          <InboxOutlined />
        </p>
        <p>{t('dropHere')}</p>
      </Upload.Dragger>
      <ul className={styles.popupList} aria-label={t('uploaded')}>
        {stored.map(({ file: f }) => (
          <li key={f.file_id}>{f.srcFileName}</li>
        ))}
        {Object.entries(sending).map(([name, percent]) => (
          <li key={`sending-${name}`}>
            {name} <Progress percent={percent} size="small" />
          </li>
        ))}
      </ul>
    </Modal>
  );
}
