/** the characters between two ';' of a tags cell (Tags cell) */
const TAG_LENGTH = 2;

/**
 * A tags cell's text as typed: the ';' already there dropped, then one put after every 2 characters
 * ('abcde' → 'ab;cd;e'); characters, not UTF-16 units, so 汉字 and emoji count once. Only between
 * pairs: a ';' after the last pair would come back as soon as it was erased, so backspace could
 * never reach the d of 'ab;cd;'.
 */
export function tagsText(text: string): string {
  const chars = Array.from(text.replace(/;/g, ''));
  const parts: string[] = [];
  for (let i = 0; i < chars.length; i += TAG_LENGTH) parts.push(chars.slice(i, i + TAG_LENGTH).join(''));
  return parts.join(';');
}
