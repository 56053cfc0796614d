/**
 * Markup reduced to the words a reader sees, for places that show text only (a list cell). Not a
 * sanitiser: the result is plain text, never inserted as HTML.
 */

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
    if (name[0] !== '#') return ENTITIES[name.toLowerCase()] ?? whole;
    const code = name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : Number(name.slice(1));
    return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
  });
}

const squeeze = (text: string) => text.replace(/\s+/g, ' ').trim();

/** the text of an HTML fragment: tags go (a script or style with its content), block ends become spaces */
export function htmlText(html: string): string {
  const text = html
    .replace(/<(script|style)\b[\s\S]*?<\/\1\s*>/gi, ' ')
    .replace(/<!--[\s\S]*?-->/g, ' ')
    .replace(/<\/?(p|div|br|li|tr|td|th|h[1-6]|blockquote|pre|table|ul|ol)\b[^>]*>/gi, ' ')
    .replace(/<[^>]*>/g, '');
  return squeeze(decodeEntities(text));
}

/** the text of a markdown source: images give their remark, links their words; marks, fences and tables go */
export function markdownText(md: string): string {
  const text = md
    .replace(/^\s*(```|~~~).*$/gm, ' ') // code fences (the code itself stays)
    .replace(/!\[([^\]]*)\]\([^)]*\)/g, '$1') // ![remark](path)
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1') // [words](url)
    .replace(/^\s{0,3}(#{1,6}\s+|>\s?|[-*+]\s+(\[[ xX]\]\s+)?|\d+[.)]\s+)/gm, '') // headings, quotes, list marks
    .replace(/^\s*\|?\s*:?-{3,}:?\s*(\|\s*:?-{3,}:?\s*)*\|?\s*$/gm, ' ') // a table's rule row
    .replace(/^\s*([-*_]\s*){3,}$/gm, ' ') // horizontal rules
    .replace(/\|/g, ' ')
    .replace(/(\*\*|__|~~|[*_`])/g, '');
  return htmlText(text);
}
