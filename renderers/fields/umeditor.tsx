import type { FieldRenderer } from './types';

/** rich text: a text area until its editor is registered */
export const umeditor: FieldRenderer = { editor: 'textarea' };
