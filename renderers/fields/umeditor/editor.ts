import { lazyEditor } from '../lazy-editor';

/** umeditor's form editor: TinyMCE; its library loads when a form draws it, under a placeholder of the editor's size */
export default lazyEditor(() => import('../editors/RichTextEditor'));
