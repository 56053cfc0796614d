/**
 * What rich text (a `umeditor` field) may hold to be shown to anyone: formatting, links, images and
 * tables; no script, style sheet, frame, form, event handler or javascript:/data: link. One policy,
 * enforced twice: by the server on every write (src/server/rich-text/sanitize.ts) and by the browser
 * where it shows the HTML (renderers/fields/umeditor/clean-html.ts), for rows written before the
 * cleaning or by other means.
 */

/** the elements kept; any other is dropped, its text kept (RICH_TEXT_DROPPED: with its content) */
export const RICH_TEXT_TAGS: readonly string[] = [
  // sanitize-html's defaults (it keeps no style element)
  ...['address', 'article', 'aside', 'footer', 'header', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6'],
  ...['hgroup', 'main', 'nav', 'section', 'blockquote', 'dd', 'div', 'dl', 'dt', 'figcaption'],
  ...['figure', 'hr', 'li', 'menu', 'ol', 'p', 'pre', 'ul', 'a', 'abbr', 'b', 'bdi', 'bdo', 'br'],
  ...['cite', 'code', 'data', 'dfn', 'em', 'i', 'kbd', 'mark', 'q', 'rb', 'rp', 'rt', 'rtc', 'ruby'],
  ...['s', 'samp', 'small', 'span', 'strong', 'sub', 'sup', 'time', 'u', 'var', 'wbr', 'caption'],
  ...['col', 'colgroup', 'table', 'tbody', 'td', 'tfoot', 'th', 'thead', 'tr'],
  // what TinyMCE writes besides
  ...['img', 'font', 'del', 'ins'],
];

/**
 * elements dropped with everything inside, since what they hold is not text for a reader (a
 * script's code): sanitize-html's own list, and what a browser parses as raw text besides
 */
export const RICH_TEXT_DROPPED: readonly string[] = [
  ...['script', 'style', 'textarea', 'option', 'xmp'],
  ...['iframe', 'noscript', 'noembed', 'noframes', 'template', 'svg', 'math'],
];

/** the attributes kept, by element ('*': on every element) */
export const RICH_TEXT_ATTRIBUTES: Readonly<Record<string, readonly string[]>> = {
  a: ['href', 'title', 'target', 'rel'],
  img: ['src', 'alt', 'title', 'width', 'height'],
  td: ['colspan', 'rowspan', 'align'],
  th: ['colspan', 'rowspan', 'align', 'scope'],
  '*': ['style', 'class'],
};

/** the schemes a link may name (a relative address has none); a picture only http(s) or an upload path */
export const RICH_TEXT_SCHEMES: readonly string[] = ['http', 'https', 'mailto', 'tel'];
export const RICH_TEXT_IMAGE_SCHEMES: readonly string[] = ['http', 'https'];

const COLOUR = [/^#[0-9a-f]{3,8}$/i, /^rgba?\([\d\s.,%]+\)$/i, /^[a-z]+$/i];

/** inline styles only from a short list of harmless properties (no url(), no positioning) */
export const RICH_TEXT_STYLES: Readonly<Record<string, readonly RegExp[]>> = {
  color: COLOUR,
  'background-color': COLOUR,
  'text-align': [/^(left|right|center|justify)$/],
  'font-size': [/^\d+(\.\d+)?(px|em|rem|%|pt)$/],
  'font-weight': [/^(normal|bold|\d{3})$/],
  'font-style': [/^(normal|italic)$/],
  'text-decoration': [/^(none|underline|line-through)$/],
};
