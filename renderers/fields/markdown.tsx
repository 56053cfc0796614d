import type { FieldRenderer } from './types';

/** markdown source: a text area until its editor is registered */
export const markdown: FieldRenderer = { editor: 'textarea' };
