import { Editor } from '@tinymce/tinymce-react';
import type { WidgetProps } from '@rjsf/utils';
// TinyMCE self-hosted from node_modules (never its cloud, which needs an API key): the core first (it defines window.tinymce,
// which the rest register with), then its theme, model, icons, skins, plugins and the zh-CN pack
import 'tinymce';
import 'tinymce/models/dom/model';
import 'tinymce/themes/silver';
import 'tinymce/icons/default';
import 'tinymce/skins/ui/oxide/skin.js';
import 'tinymce/skins/ui/oxide/content.js';
import 'tinymce/skins/content/default/content.js';
import 'tinymce/plugins/code';
import 'tinymce/plugins/image';
import 'tinymce/plugins/link';
import 'tinymce/plugins/lists';
import 'tinymce/plugins/table';
import 'tinymce-i18n/langs8/zh-CN.js';

const PLUGINS = ['code', 'image', 'link', 'lists', 'table'];
const TOOLBAR =
  'undo redo | blocks | bold italic underline strikethrough forecolor | alignleft aligncenter alignright | bullist numlist | link image table | removeformat code';

/**
 * umeditor: rich text in TinyMCE (500 high, zh_CN). The server cleans what is saved (no
 * script, event handler or javascript: link), so the editor need not; a detail shows the HTML as
 * text instead (umeditor/display.tsx).
 */
export default function RichTextEditor({ id, value, disabled, readonly, onChange }: WidgetProps) {
  return (
    <div id={id} data-field-editor="umeditor">
      <Editor
        licenseKey="gpl"
        value={typeof value === 'string' ? value : ''}
        onEditorChange={(html) => onChange(html)}
        disabled={Boolean(disabled || readonly)}
        init={{
          height: 500,
          language: 'zh-CN',
          menubar: false,
          // every button in sight, however narrow the form (no overflow menu to look in)
          toolbar_mode: 'wrap',
          promotion: false,
          branding: false,
          plugins: PLUGINS,
          toolbar: TOOLBAR,
        }}
      />
    </div>
  );
}
