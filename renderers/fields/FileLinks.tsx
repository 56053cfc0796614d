import { PaperClipOutlined } from '@ant-design/icons';
import { Button, Popconfirm } from 'antd';
import { download, shownName } from './files-api';
import styles from './files.module.css';
import { t } from './messages';

/** the stored files as a list of download links (a list cell, a detail, the editor) */
export function FileLinks({ paths, onRemove }: { paths: string[]; onRemove?: (p: string) => void }) {
  if (!paths.length) return null;
  return (
    <ul className={styles.files}>
      {paths.map((p) => (
        <li key={p}>
          <PaperClipOutlined />
          <a
            href="#"
            title={t('downloadOf', { name: shownName(p) })}
            onClick={(e) => {
              e.preventDefault();
              download(p);
            }}
          >
            {shownName(p)}
          </a>
          {onRemove && (
            <Popconfirm
              title={t('confirmDeleteFile')}
              okText={t('confirm')}
              cancelText={t('cancel')}
              onConfirm={() => onRemove(p)}
            >
              <Button type="link" danger size="small" aria-label={t('deleteOf', { name: shownName(p) })}>
                {t('delete')}
              </Button>
            </Popconfirm>
          )}
        </li>
      ))}
    </ul>
  );
}
