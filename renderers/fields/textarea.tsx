import type { FieldRenderer } from './types';

/** longer text */
export const textarea: FieldRenderer = { editor: 'textarea' };
