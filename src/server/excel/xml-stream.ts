/**
 * A push tokenizer for the XML parts of an .xlsx, fed chunk by chunk. Text is handed on as it
 * arrives, a run split over chunks in several text() calls, so a run of any length costs nothing
 * here: the handler keeps what it wants and limits it (a cell's text to limits.cellChars, in
 * xlsx-rows.ts), and drops the rest (whitespace between elements, however much of it). Held between
 * chunks is at most an unfinished tag (longer than MAX_TAG ends the read with an Error) or entity.
 * Names come without their namespace prefix (`x:row` → `row`). DOCTYPE is refused: no entity but
 * the five predefined ones and character references is ever expanded.
 */

export type Attrs = Record<string, string>;

export interface XmlEvents {
  open(name: string, attrs: Attrs, selfClosing: boolean): void;
  close(name: string): void;
  text(text: string): void;
}

const MAX_TAG = 65536;
const ENTITY = /&(?:#x([0-9a-fA-F]{1,6})|#(\d{1,7})|(lt|gt|amp|quot|apos));/g;
const NAMED: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };
/** the longest entity ENTITY decodes: `&#1114111;` */
const MAX_ENTITY = 10;

export function decodeEntities(s: string): string {
  if (!s.includes('&')) return s;
  return s.replace(ENTITY, (_m, hex: string, dec: string, name: string) => {
    if (name) return NAMED[name];
    const code = hex ? parseInt(hex, 16) : Number(dec);
    return code <= 0x10ffff ? String.fromCodePoint(code) : '';
  });
}

/** where the text of s from i may be cut: before an entity that may end in the next chunk */
function textCut(s: string, i: number): number {
  const amp = s.lastIndexOf('&');
  return amp >= i && s.length - amp < MAX_ENTITY && !s.includes(';', amp) ? amp : s.length;
}

/** a tag not complete yet: wait for the next chunk, unless it is already too long */
function incomplete(length: number): number {
  if (length > MAX_TAG) throw new Error('tag too long');
  return -1;
}

/** whitespace, '/' or '>' */
function isNameEnd(c: number): boolean {
  return c <= 32 || c === 47 || c === 62;
}

function localName(qname: string): string {
  const colon = qname.indexOf(':');
  return colon < 0 ? qname : qname.slice(colon + 1);
}

export class XmlStream {
  private buf = '';
  /** inside <![CDATA[ … ]]> */
  private inCdata = false;

  constructor(private readonly events: XmlEvents) {}

  write(chunk: string): void {
    const s = this.buf ? this.buf + chunk : chunk;
    let i = 0;
    while (i < s.length) {
      if (this.inCdata) {
        const end = s.indexOf(']]>', i);
        // a ']]' at the chunk's end may begin the terminator
        const stop = end < 0 ? Math.max(i, s.length - 2) : end;
        if (stop > i) this.events.text(s.slice(i, stop));
        if (end < 0) {
          i = stop;
          break;
        }
        this.inCdata = false;
        i = end + 3;
        continue;
      }
      if (s.charCodeAt(i) !== 60 /* < */) {
        const lt = s.indexOf('<', i);
        const end = lt < 0 ? textCut(s, i) : lt;
        if (end > i) this.events.text(decodeEntities(s.slice(i, end)));
        i = end;
        if (lt < 0) break; // the run may go on in the next chunk
        continue;
      }
      const next = this.markup(s, i);
      if (next < 0) break;
      i = next;
    }
    this.buf = s.slice(i);
  }

  /** whatever is left must be whitespace */
  end(): void {
    if (this.buf.trim() || this.inCdata) throw new Error('XML ends inside a token');
  }

  /** handles the markup starting at i; the index after it, or -1 when it is not complete yet */
  private markup(s: string, i: number): number {
    const next = s.charCodeAt(i + 1);
    if (next === 63 /* ? */) return this.skipTo(s, i, '?>', MAX_TAG);
    if (next !== 33 /* ! */) return this.tag(s, i);
    if (s.startsWith('<!--', i)) return this.skipTo(s, i, '-->', MAX_TAG);
    if (s.startsWith('<![CDATA[', i)) {
      this.inCdata = true;
      return i + 9;
    }
    if (s.length - i < 9) return -1; // '<!--' or '<![CDATA[' may still be arriving
    throw new Error('DOCTYPE and other declarations are not accepted');
  }

  /** an element tag at i, scanned by hand (the hot loop of a sheet: about four tags a cell) */
  private tag(s: string, i: number): number {
    const n = s.length;
    let j = i + 1;
    const closing = s.charCodeAt(j) === 47; /* / */
    if (closing) j++;
    const nameStart = j;
    while (j < n && !isNameEnd(s.charCodeAt(j))) j++;
    if (j >= n) return incomplete(n - i);
    const name = localName(s.slice(nameStart, j));
    if (closing) {
      const gt = s.indexOf('>', j);
      if (gt < 0) return incomplete(n - i);
      this.events.close(name);
      return gt + 1;
    }
    const attrs: Attrs = {};
    for (;;) {
      while (j < n && s.charCodeAt(j) <= 32) j++;
      if (j >= n) return incomplete(n - i);
      const c = s.charCodeAt(j);
      if (c === 62 /* > */ || c === 47 /* / */) {
        const selfClosing = c === 47;
        if (selfClosing && j + 1 >= n) return incomplete(n - i);
        if (selfClosing && s.charCodeAt(j + 1) !== 62) throw new Error('bad tag');
        this.events.open(name, attrs, selfClosing);
        return j + (selfClosing ? 2 : 1);
      }
      const attrStart = j;
      while (j < n && s.charCodeAt(j) !== 61 /* = */ && s.charCodeAt(j) > 32) j++;
      const attrName = s.slice(attrStart, j);
      while (j < n && s.charCodeAt(j) <= 32) j++;
      if (j >= n) return incomplete(n - i);
      if (s.charCodeAt(j) !== 61) throw new Error('bad attribute');
      j++;
      while (j < n && s.charCodeAt(j) <= 32) j++;
      if (j >= n) return incomplete(n - i);
      const quote = s[j];
      if (quote !== '"' && quote !== "'") throw new Error('unquoted attribute');
      const valueEnd = s.indexOf(quote, j + 1);
      if (valueEnd < 0) return incomplete(n - i);
      if (!attrName.startsWith('xmlns'))
        attrs[localName(attrName)] = decodeEntities(s.slice(j + 1, valueEnd));
      j = valueEnd + 1;
    }
  }

  private skipTo(s: string, i: number, terminator: string, max: number): number {
    const end = s.indexOf(terminator, i);
    if (end < 0 && s.length - i > max) throw new Error('markup too long');
    return end < 0 ? -1 : end + terminator.length;
  }
}
