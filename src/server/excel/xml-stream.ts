/**
 * A push tokenizer for the XML parts of an .xlsx, fed chunk by chunk. It holds at most one
 * unfinished token: a text run longer than `maxText` characters (before its entities are decoded)
 * ends the read with TextTooLong as soon as it is seen, a tag longer than MAX_TAG with an Error,
 * so a part holding one enormous cell costs no more memory than the limit. Names come without
 * their namespace prefix (`x:row` → `row`). DOCTYPE is refused: no entity but the five
 * predefined ones and character references is ever expanded.
 */

export type Attrs = Record<string, string>;

export interface XmlEvents {
  open(name: string, attrs: Attrs, selfClosing: boolean): void;
  close(name: string): void;
  text(text: string): void;
}

export class TextTooLong extends Error {}

const MAX_TAG = 65536;
const ENTITY = /&(?:#x([0-9a-fA-F]{1,6})|#(\d{1,7})|(lt|gt|amp|quot|apos));/g;
const NAMED: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };

export function decodeEntities(s: string): string {
  if (!s.includes('&')) return s;
  return s.replace(ENTITY, (_m, hex: string, dec: string, name: string) => {
    if (name) return NAMED[name];
    const code = hex ? parseInt(hex, 16) : Number(dec);
    return code <= 0x10ffff ? String.fromCodePoint(code) : '';
  });
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
  private readonly maxRaw: number;

  /** maxText: the longest text a handler accepts; raw text may be longer by its entities */
  constructor(
    private readonly events: XmlEvents,
    maxText: number,
  ) {
    this.maxRaw = maxText * 8 + 64;
  }

  write(chunk: string): void {
    const s = this.buf ? this.buf + chunk : chunk;
    let i = 0;
    while (i < s.length) {
      if (s.charCodeAt(i) !== 60 /* < */) {
        const lt = s.indexOf('<', i);
        const end = lt < 0 ? s.length : lt;
        if (end - i > this.maxRaw) throw new TextTooLong();
        if (lt < 0) break; // the run may go on in the next chunk
        this.events.text(decodeEntities(s.slice(i, lt)));
        i = lt;
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
    if (this.buf.trim()) throw new Error('XML ends inside a token');
  }

  /** handles the markup starting at i; the index after it, or -1 when it is not complete yet */
  private markup(s: string, i: number): number {
    const next = s.charCodeAt(i + 1);
    if (next === 63 /* ? */) return this.skipTo(s, i, '?>', MAX_TAG);
    if (next !== 33 /* ! */) return this.tag(s, i);
    if (s.startsWith('<!--', i)) return this.skipTo(s, i, '-->', MAX_TAG);
    if (s.startsWith('<![CDATA[', i)) {
      const end = this.find(s, i, ']]>', this.maxRaw);
      if (end < 0) return -1;
      this.events.text(s.slice(i + 9, end));
      return end + 3;
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

  private find(s: string, i: number, terminator: string, max: number): number {
    const end = s.indexOf(terminator, i);
    if (end < 0 && s.length - i > max) {
      if (max === this.maxRaw) throw new TextTooLong();
      throw new Error('markup too long');
    }
    return end;
  }

  private skipTo(s: string, i: number, terminator: string, max: number): number {
    const end = this.find(s, i, terminator, max);
    return end < 0 ? -1 : end + terminator.length;
  }
}
