import Viewer from '@toast-ui/editor/viewer';
import '@toast-ui/editor/dist/toastui-editor-viewer.css';
import type { WidgetProps } from '@rjsf/utils';
import { useEffect, useRef } from 'react';
import { showUploadedImages } from '../editors/upload-images';
import styles from '../shown-text.module.css';

/**
 * markdown in a detail (详细信息): rendered by Toast UI's viewer alone (the editor's renderer and
 * sanitiser, without the editor), uploaded pictures shown through the session (upload-images.ts).
 */
export default function MarkdownDisplay({ id, value }: WidgetProps) {
  const box = useRef<HTMLDivElement>(null);
  const text = typeof value === 'string' ? value : '';
  useEffect(() => {
    const el = box.current!;
    const viewer = new Viewer({ el, initialValue: text, usageStatistics: false });
    const stop = showUploadedImages(el);
    return () => {
      stop();
      viewer.destroy();
    };
  }, [text]);
  return <div id={id} ref={box} className={styles.shown} data-field-display="markdown" />;
}
