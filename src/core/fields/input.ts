import { textType } from './families';

/** one line of text */
export const input = textType({ type: 'string' });
