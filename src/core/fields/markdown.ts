import { markdownText } from '../text/plain-text';
import { textType } from './families';

/** markdown source; a list cell shows its words without the marks; the images it embeds stay stored */
export const markdown = textType(
  { type: 'text' },
  { embedsUploads: true, display: (value) => markdownText(String(value)) },
);
