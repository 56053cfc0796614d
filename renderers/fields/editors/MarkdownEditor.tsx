import { providers } from '../../providers';
import Editor from '@toast-ui/editor';
import '@toast-ui/editor/dist/i18n/zh-cn';
import '@toast-ui/editor/dist/toastui-editor.css';
import type { WidgetProps } from '@rjsf/utils';
import { useEffect, useRef } from 'react';
import { fileKind, IMAGE_EXTS } from '../../../src/core/upload-types';
import { uploadFile } from '../../common/upload';
import { showUploadedImages } from './upload-images';
import { t } from '../messages';

/** headings, bold, italic, strike, rule, quote, lists, task, indent, table, link, code, code block, then the image upload */
const TOOLBAR = [
  ['heading', 'bold', 'italic', 'strike'],
  ['hr', 'quote'],
  ['ul', 'ol', 'task', 'indent', 'outdent'],
  ['table', 'link'],
  ['code', 'codeblock', 'image'],
];
/** pasted and dropped pictures go where an upload field's do by default (biz 'temp') */
const BIZ = 'temp';

/** a pasted screenshot is a nameless blob: it is sent as image.<its type> */
function asFile(blob: Blob | File): File {
  if (blob instanceof File && blob.name) return blob;
  return new File([blob], `image.${blob.type.split('/')[1] || 'png'}`, { type: blob.type });
}

/**
 * markdown: Toast UI's editor with a vertical preview (zh-CN, 300px high, at least 200px).
 * A pasted, dropped or chosen picture is uploaded and inserted as `![remark](path)`; the remark is
 * what the user wrote in the image dialog, else the file's name without its extension. A read-only
 * field shows the rendered markdown, cleaned by the viewer's sanitiser (a detail shows it without
 * the editor: markdown/display.tsx). Uploaded pictures are shown through the session (upload-images.ts).
 */
export default function MarkdownEditor({ id, value, disabled, readonly, onChange, options }: WidgetProps) {
  const box = useRef<HTMLDivElement>(null);
  const editor = useRef<ReturnType<typeof Editor.factory> | null>(null);
  const emit = useRef(onChange);
  emit.current = onChange;
  const text = typeof value === 'string' ? value : '';
  /** the markdown the editor holds: what it was made with, set to, or typed since */
  const shown = useRef(text);
  const locked = Boolean(disabled || readonly);
  const height = typeof options.height === 'string' ? options.height : '300px';

  useEffect(() => {
    const el = box.current!;
    const upload = async (
      blob: Blob | File,
      insert: (url: string, text?: string) => void,
      source?: string,
    ) => {
      const file = asFile(blob);
      if (!IMAGE_EXTS.includes(fileKind(file.name)?.ext ?? '')) {
        providers().notices.error(t('typeRefusal', { exts: IMAGE_EXTS.join(',') }));
        return;
      }
      const path = await uploadFile(file, BIZ);
      if (!path) return;
      const given =
        source === 'ui' ? el.querySelector<HTMLInputElement>('#toastuiAltTextInput')?.value.trim() : '';
      insert(path, given || file.name.replace(/\.[^.]*$/, ''));
    };
    const created = Editor.factory({
      el,
      viewer: locked,
      initialValue: shown.current,
      height,
      minHeight: '200px',
      initialEditType: 'markdown',
      previewStyle: 'vertical',
      hideModeSwitch: true,
      language: 'zh-CN',
      usageStatistics: false,
      toolbarItems: TOOLBAR,
      hooks: { addImageBlobHook: upload },
      events: {
        change: () => {
          shown.current = (created as Editor).getMarkdown();
          emit.current(shown.current);
        },
      },
    });
    editor.current = created;
    const stop = showUploadedImages(el);
    return () => {
      stop();
      created.destroy();
      editor.current = null;
    };
  }, [locked, height]);

  // a value from outside (the form reset, a record loaded): the editor shows it
  useEffect(() => {
    if (text === shown.current) return;
    shown.current = text;
    editor.current?.setMarkdown(text);
  }, [text]);

  return <div id={id} ref={box} data-field-editor="markdown" />;
}
