import { lazyEditor } from './lazy-editor';
import type { FieldRenderer } from './types';

/** markdown source: Toast UI's editor with preview, loaded when a form shows one; a list cell shows core's plain text */
export const markdown: FieldRenderer = { editor: lazyEditor(() => import('./editors/MarkdownEditor')) };
