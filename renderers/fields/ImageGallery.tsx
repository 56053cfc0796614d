import { DeleteOutlined, LoadingOutlined, PlusOutlined } from '@ant-design/icons';
import type { WidgetProps } from '@rjsf/utils';
import { Image } from 'antd';
import { useState } from 'react';
import { useFileUrl } from '../common/use-file-url';
import type { FieldDoc } from '../../src/core/document/types';
import { ImageWidget } from '../form/widgets/ImageWidget';
import { limitOf, pathsOf, shownName } from './files-api';
import { ImagePopup } from './ImagePopup';
import styles from './files.module.css';
import { t } from './messages';

/** one picture, read with the session; click previews it large */
function Thumb({ path, size, alt }: { path: string; size: number; alt: string }) {
  const url = useFileUrl(path);
  if (!url)
    return (
      <span className={styles.thumbLoading} style={{ width: size, height: size }}>
        <LoadingOutlined aria-label={t('loading')} />
      </span>
    );
  return <Image src={url} width={size} height={size} alt={alt} className={styles.thumb} />;
}

/** the pictures of a value as thumbnails (a list cell: small; a detail: the editor's size) */
export function Thumbnails({ paths, size, title }: { paths: string[]; size: number; title: string }) {
  if (!paths.length) return null;
  return (
    <Image.PreviewGroup>
      <span className={styles.thumbs}>
        {paths.map((p, i) => (
          <Thumb key={p} path={p} size={size} alt={`${title}${paths.length > 1 ? i + 1 : ''}`} />
        ))}
      </span>
    </Image.PreviewGroup>
  );
}

/**
 * image: a field that keeps one picture is picked and replaced in place (ImageWidget); a gallery
 * (uploadnum other than 1) shows its pictures as thumbnails and adds through the image pop-up, its
 * add button hidden once the count is reached (0: no limit).
 */
export function ImageGallery(props: WidgetProps) {
  const { id, value, disabled, readonly, onChange, label, options } = props;
  const field = options.fieldDoc as FieldDoc | undefined;
  const max = limitOf(field, 1);
  const [popup, setPopup] = useState(false);
  if (max === 1) return <ImageWidget {...props} />;
  const paths = pathsOf(value);
  const locked = disabled || readonly;
  const title = String(label ?? t('picture'));
  const set = (next: string[]) => onChange(next.length ? next.join(',') : undefined);

  return (
    <div id={id} className={styles.gallery}>
      <Image.PreviewGroup>
        {paths.map((p, i) => (
          <span key={p} className={styles.galleryItem}>
            <Thumb path={p} size={102} alt={`${title}${i + 1}`} />
            {!locked && (
              <button
                type="button"
                className={styles.galleryRemove}
                aria-label={t('deleteOf', { name: shownName(p) })}
                onClick={() => set(paths.filter((x) => x !== p))}
              >
                <DeleteOutlined />
              </button>
            )}
          </span>
        ))}
      </Image.PreviewGroup>
      {!locked && (max === 0 || paths.length < max) && (
        <button
          type="button"
          className={styles.pick}
          aria-label={t('addOf', { name: title })}
          onClick={() => setPopup(true)}
        >
          <PlusOutlined />
          <span>{t('add')}</span>
        </button>
      )}
      {popup && (
        <ImagePopup
          field={field}
          onCancel={() => setPopup(false)}
          onOk={({ path }) => {
            // the value keeps paths only: the remark serves callers that write it (a markdown image)
            set([...paths.filter((x) => x !== path), path]);
            setPopup(false);
          }}
        />
      )}
    </div>
  );
}
