import type { FieldRenderer } from './types';

/** uploaded files: a text box of their paths until the file list is registered */
export const file: FieldRenderer = {};
