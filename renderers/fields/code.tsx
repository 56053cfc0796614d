import { lazyEditor } from './lazy-editor';
import type { FieldRenderer } from './types';

/** SQL or JSON: CodeMirror in the field's language, loaded when a form shows one */
export const code: FieldRenderer = { editor: lazyEditor(() => import('./editors/CodeEditor')) };
