import { markdownText } from '../text/plain-text';
import { textType } from './families';

/** markdown source; a list cell shows its words without the marks */
export const markdown = textType({ type: 'text' }, { display: (value) => markdownText(String(value)) });
