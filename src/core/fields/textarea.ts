import { textType } from './families';

/** several lines of text */
export const textarea = textType({ type: 'text' });
