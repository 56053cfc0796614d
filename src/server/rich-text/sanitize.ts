import sanitizeHtml from 'sanitize-html';
import {
  RICH_TEXT_ATTRIBUTES,
  RICH_TEXT_DROPPED,
  RICH_TEXT_IMAGE_SCHEMES,
  RICH_TEXT_SCHEMES,
  RICH_TEXT_STYLES,
  RICH_TEXT_TAGS,
} from '../../core/text/rich-text-policy';

/**
 * Rich text (a `umeditor` field) as it may be stored and shown to anyone, by the policy of
 * src/core/text/rich-text-policy.ts. Runs on write, so every reader (the console, the phone area,
 * /shouye) gets clean HTML.
 */
const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [...RICH_TEXT_TAGS],
  nonTextTags: [...RICH_TEXT_DROPPED],
  allowedAttributes: Object.fromEntries(Object.entries(RICH_TEXT_ATTRIBUTES).map(([k, v]) => [k, [...v]])),
  allowedSchemes: [...RICH_TEXT_SCHEMES],
  allowedSchemesByTag: { img: [...RICH_TEXT_IMAGE_SCHEMES] },
  allowProtocolRelative: false,
  allowedStyles: { '*': Object.fromEntries(Object.entries(RICH_TEXT_STYLES).map(([k, v]) => [k, [...v]])) },
  transformTags: {
    // a link that opens elsewhere cannot reach back into the page that opened it
    a: (tagName, attribs) =>
      attribs.target === '_blank'
        ? { tagName, attribs: { ...attribs, rel: 'noopener noreferrer' } }
        : { tagName, attribs },
  },
};

export function sanitizeRichText(html: unknown): string | null {
  if (html === null || html === undefined) return null;
  return sanitizeHtml(String(html), OPTIONS);
}
