import { ELLIPSIS_LENGTH } from '../../src/core/constants';

/** a character outside Latin-1 (Chinese, full-width punctuation) takes two columns */
function charWidth(ch: string): number {
  return (ch.codePointAt(0) ?? 0) > 255 ? 2 : 1;
}

export function displayLength(text: string): number {
  let n = 0;
  for (const ch of text) n += charWidth(ch);
  return n;
}

/**
 * The list cell text: cut to `max` display columns with '...' appended, or null when it fits
 * (so the caller knows whether to offer the full text in a tooltip).
 */
export function ellipsis(text: string, max = ELLIPSIS_LENGTH): string | null {
  if (displayLength(text) <= max) return null;
  let n = 0;
  let out = '';
  for (const ch of text) {
    n += charWidth(ch);
    if (n > max) break;
    out += ch;
  }
  return out + '...';
}
