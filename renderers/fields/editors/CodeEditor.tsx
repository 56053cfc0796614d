import { json } from '@codemirror/lang-json';
import { sql } from '@codemirror/lang-sql';
import CodeMirror from '@uiw/react-codemirror';
import type { WidgetProps } from '@rjsf/utils';
import type { CodeLanguage } from '../../../src/core/fields/code';
import { fieldDocOf } from '../../form/widgets/field-doc';

/** the highlighting of each language a code field may name (src/core/fields/code.ts) */
const LANGUAGES: Record<CodeLanguage, () => ReturnType<typeof sql | typeof json>> = { sql, json };

/**
 * code: CodeMirror 6 in the language of the field's props (tab size 2, 240px high). A JSON
 * field's own check (core) refuses what does not parse, in the form and on the server alike.
 */
export default function CodeEditor({ id, value, disabled, readonly, onChange, options, label }: WidgetProps) {
  const language = fieldDocOf(options).props?.language;
  return (
    <div id={id} data-field-editor="code" data-language={language ?? 'text'}>
      <CodeMirror
        value={typeof value === 'string' ? value : ''}
        onChange={(text) => onChange(text)}
        height="240px"
        basicSetup={{ tabSize: 2 }}
        extensions={language ? [LANGUAGES[language]()] : []}
        editable={!(disabled || readonly)}
        readOnly={Boolean(disabled || readonly)}
        aria-label={String(label ?? '')}
      />
    </div>
  );
}
