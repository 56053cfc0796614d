import { lazyEditor } from '../lazy-editor';

/** code's form editor: CodeMirror in the field's language; its library loads when a form draws it, under a placeholder of the editor's size */
export default lazyEditor(() => import('../editors/CodeEditor'));
