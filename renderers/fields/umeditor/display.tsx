import type { WidgetProps } from '@rjsf/utils';
import { useLayoutEffect, useRef } from 'react';
import { showUploadedImages } from '../editors/upload-images';
import styles from '../shown-text.module.css';
import { cleanHtml } from './clean-html';

/**
 * umeditor in a detail (详细信息): the stored HTML shown as the page's own text, cleaned again in
 * the browser (clean-html.ts), not in a read-only editor with its toolbar and empty height.
 */
export default function RichTextDisplay({ id, value }: WidgetProps) {
  const box = useRef<HTMLDivElement>(null);
  const html = typeof value === 'string' ? value : '';
  useLayoutEffect(() => {
    const el = box.current!;
    el.replaceChildren(cleanHtml(html));
    return showUploadedImages(el);
  }, [html]);
  return <div id={id} ref={box} className={styles.shown} data-field-display="umeditor" />;
}
