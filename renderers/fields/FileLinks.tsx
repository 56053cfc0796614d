import { PaperClipOutlined } from '@ant-design/icons';
import { Button, Popconfirm } from 'antd';
import { download, shownName } from './files-api';
import styles from './files.module.css';

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
            title={`下载${shownName(p)}`}
            onClick={(e) => {
              e.preventDefault();
              download(p);
            }}
          >
            {shownName(p)}
          </a>
          {onRemove && (
            <Popconfirm
              title="确认删除当前文件"
              okText="确认"
              cancelText="取消"
              onConfirm={() => onRemove(p)}
            >
              <Button type="link" danger size="small" aria-label={`删除${shownName(p)}`}>
                删除
              </Button>
            </Popconfirm>
          )}
        </li>
      ))}
    </ul>
  );
}
