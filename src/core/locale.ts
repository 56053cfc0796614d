/**
 * The console's languages: zh-CN is the default and keeps the product's messages verbatim; each
 * browser catalog (src/app/i18n/) is complete for every locale listed here.
 */
export const LOCALES = ['zh-CN', 'en-US'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'zh-CN';

export const isLocale = (v: unknown): v is Locale => LOCALES.includes(v as Locale);

/** each language's name in itself, as a language switch offers it */
export const LOCALE_NAMES: Record<Locale, string> = { 'zh-CN': '中文', 'en-US': 'English' };

/**
 * `text` with each `{name}` replaced by vars.name: the catalogs' placeholders, filled alike by the
 * console's t (src/app/i18n/i18n.ts) and the phone area's (src/pages/phone/i18n/i18n.ts).
 */
export function format(text: string, vars?: Record<string, string | number>): string {
  return vars ? text.replace(/\{(\w+)\}/g, (m, k: string) => (k in vars ? String(vars[k]) : m)) : text;
}
