import type { FieldRenderer } from './types';

/** never shown back: a password box */
export const password: FieldRenderer = { editor: 'password' };
