import { lazyEditor } from './lazy-editor';
import type { FieldRenderer } from './types';

/** rich text: TinyMCE, loaded when a form shows one; a list cell shows core's plain text */
export const umeditor: FieldRenderer = { editor: lazyEditor(() => import('./editors/RichTextEditor')) };
