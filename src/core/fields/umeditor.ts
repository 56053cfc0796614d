import { textType } from './families';

/** rich text as HTML (edited as text until its editor is registered) */
export const umeditor = textType({ type: 'text' }, { embedsUploads: true });
