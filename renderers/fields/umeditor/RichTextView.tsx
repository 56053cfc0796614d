import { useLayoutEffect, useRef } from 'react';
import { downloadUploadedLinks, showUploadedImages } from '../editors/upload-images';
import styles from '../shown-text.module.css';
import { cleanHtml } from './clean-html';

/**
 * Stored rich text shown as text: cleaned again in the browser under the server's policy
 * (clean-html.ts), its uploaded pictures and file links read with the session. 详细信息 and the
 * notices' detail show it this way.
 */
export function RichTextView({ id, html }: { id?: string; html: string }) {
  const box = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    const el = box.current!;
    el.replaceChildren(cleanHtml(html));
    const stopImages = showUploadedImages(el);
    const stopLinks = downloadUploadedLinks(el);
    return () => {
      stopImages();
      stopLinks();
    };
  }, [html]);
  return <div id={id} ref={box} className={styles.shown} data-field-display="umeditor" />;
}
