import { textType } from './families';

/** markdown source (edited as text until its editor is registered) */
export const markdown = textType({ type: 'text' }, { embedsUploads: true });
