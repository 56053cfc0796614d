import type { FieldRenderer } from './types';

/** typed text: rjsf's text box, searched by a text box */
export const input: FieldRenderer = {};
