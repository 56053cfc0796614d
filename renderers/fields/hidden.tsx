import type { FieldRenderer } from './types';

/** kept in the record, never drawn */
export const hidden: FieldRenderer = { editor: 'hidden' };
