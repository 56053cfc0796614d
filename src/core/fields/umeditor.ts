import { htmlText } from '../text/plain-text';
import { textType } from './families';

/** rich text as HTML, cleaned by the server on every write; a list cell shows its words only; its pictures stay stored */
export const umeditor = textType(
  { type: 'text' },
  { richText: true, embedsUploads: true, display: (value) => htmlText(String(value)) },
);
