import Viewer from '@toast-ui/editor/viewer';
import '@toast-ui/editor/dist/toastui-editor-viewer.css';
import type { WidgetProps } from '@rjsf/utils';
import { useEffect, useRef } from 'react';
import { showUploadedImages } from '../editors/upload-images';
import { cleanHtml } from '../umeditor/clean-html';
import styles from '../shown-text.module.css';

/**
 * markdown in a detail (详细信息): rendered by Toast UI's viewer alone (without the editor), uploaded
 * pictures shown through the session (upload-images.ts). Its HTML goes through our policy
 * (clean-html.ts) instead of Toast UI's sanitiser, which parses markup in the page itself: a picture's
 * onerror there runs before it is removed (only the Content-Security-Policy stopped it).
 */
/** the allowed part of some HTML, as HTML: parsed and serialised in an inert document, never in the page */
function cleanMarkup(html: string): string {
  const inert = document.implementation.createHTMLDocument('');
  const box = inert.createElement('div');
  box.append(cleanHtml(html, inert));
  return box.innerHTML;
}

export default function MarkdownDisplay({ id, value }: WidgetProps) {
  const box = useRef<HTMLDivElement>(null);
  const text = typeof value === 'string' ? value : '';
  useEffect(() => {
    const el = box.current!;
    const viewer = new Viewer({
      el,
      initialValue: text,
      usageStatistics: false,
      customHTMLSanitizer: cleanMarkup,
    });
    const stop = showUploadedImages(el);
    return () => {
      stop();
      viewer.destroy();
    };
  }, [text]);
  return <div id={id} ref={box} className={styles.shown} data-field-display="markdown" />;
}
