import {
  RICH_TEXT_ATTRIBUTES,
  RICH_TEXT_DROPPED,
  RICH_TEXT_IMAGE_SCHEMES,
  RICH_TEXT_SCHEMES,
  RICH_TEXT_STYLES,
  RICH_TEXT_TAGS,
} from '../../../src/core/text/rich-text-policy';

const TAGS = new Set(RICH_TEXT_TAGS);
const DROPPED = new Set(RICH_TEXT_DROPPED);
const URL_ATTRIBUTES = new Set(['href', 'src']);

/** whether an address may stay: relative, or of a scheme the policy lets the element name */
function safeUrl(tag: string, value: string): boolean {
  // a browser ignores blanks and control characters inside a scheme ("java\tscript:")
  const squeezed = value.replace(/[\p{Cc}\s]/gu, '');
  // another host without a scheme (a browser reads \ as / here)
  if (/^[/\\]{2}/.test(squeezed)) return false;
  const scheme = /^([a-z][a-z\d+.-]*):/i.exec(squeezed)?.[1]?.toLowerCase();
  return !scheme || (tag === 'img' ? RICH_TEXT_IMAGE_SCHEMES : RICH_TEXT_SCHEMES).includes(scheme);
}

/** the declarations of a style attribute the policy allows, as a style attribute */
function safeStyle(style: string): string {
  return style
    .split(';')
    .map((declaration) => {
      const colon = declaration.indexOf(':');
      const name = declaration.slice(0, colon).trim().toLowerCase();
      const value = declaration.slice(colon + 1).trim();
      const allowed = colon > 0 && RICH_TEXT_STYLES[name]?.some((re) => re.test(value));
      return allowed ? `${name}:${value}` : '';
    })
    .filter(Boolean)
    .join(';');
}

/** the copy of a parsed element the policy allows, or its allowed content when the element is not */
function cleanNode(node: Node, into: Node, doc: Document): void {
  if (node.nodeType === Node.TEXT_NODE) {
    into.appendChild(doc.createTextNode(node.textContent ?? ''));
    return;
  }
  if (node.nodeType !== Node.ELEMENT_NODE) return; // comments, processing instructions
  const source = node as Element;
  const tag = source.localName;
  if (DROPPED.has(tag)) return;
  if (!TAGS.has(tag) || source.namespaceURI !== 'http://www.w3.org/1999/xhtml') {
    for (const child of source.childNodes) cleanNode(child, into, doc);
    return;
  }
  const copy = doc.createElement(tag);
  const allowed = [...(RICH_TEXT_ATTRIBUTES[tag] ?? []), ...RICH_TEXT_ATTRIBUTES['*']];
  for (const { name, value } of source.attributes) {
    if (!allowed.includes(name)) continue;
    if (URL_ATTRIBUTES.has(name) && !safeUrl(tag, value)) continue;
    const kept = name === 'style' ? safeStyle(value) : value;
    if (kept) copy.setAttribute(name, kept);
  }
  // a link that opens elsewhere cannot reach back into the page that opened it
  if (tag === 'a' && copy.getAttribute('target') === '_blank')
    copy.setAttribute('rel', 'noopener noreferrer');
  for (const child of source.childNodes) cleanNode(child, copy, doc);
  into.appendChild(copy);
}

/**
 * Rich text for the page, by the policy the server writes it with (src/core/text/rich-text-policy.ts).
 * The HTML is parsed into an inert document (nothing in it runs or loads) and only what the policy
 * allows is copied, element by element, into the page's document: no markup string is ever parsed
 * in the page, so nothing can change meaning between the cleaning and the showing.
 */
export function cleanHtml(html: string, doc: Document = document): DocumentFragment {
  const parsed = new DOMParser().parseFromString(html, 'text/html');
  const clean = doc.createDocumentFragment();
  for (const child of parsed.body.childNodes) cleanNode(child, clean, doc);
  return clean;
}
