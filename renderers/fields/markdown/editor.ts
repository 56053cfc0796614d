import { lazyEditor } from '../lazy-editor';

/** markdown's form editor: Toast UI's editor with preview; its library loads when a form draws it, under a placeholder of the editor's size */
export default lazyEditor(() => import('../editors/MarkdownEditor'));
