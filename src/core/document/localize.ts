import { DEFAULT_LOCALE, type Locale } from '../locale';
import type { EntityDocument } from './types';

const defined = <T extends object>(texts: T | undefined) =>
  Object.fromEntries(Object.entries(texts ?? {}).filter(([, v]) => v !== undefined)) as Partial<T>;

/**
 * The document as shown in `locale`: its words there where it has them, its own (Chinese) ones
 * elsewhere, so a screen never shows a key. The other languages' words are not sent along.
 */
export function localize(doc: EntityDocument, locale: Locale): EntityDocument {
  const { locales, ...own } = doc;
  const texts = locale === DEFAULT_LOCALE ? undefined : locales?.[locale as Exclude<Locale, 'zh-CN'>];
  if (!texts) return own;
  return {
    ...own,
    ...defined({ title: texts.title, description: texts.description }),
    fields: own.fields.map((f) => {
      const { messages, ...words } = texts.fields?.[f.key] ?? {};
      // the rules keep their checks; a message not given in this language gives way to the generic one
      const validateRules = f.validateRules?.map(({ message: _own, ...rule }, i) => ({
        ...rule,
        ...defined({ message: messages?.[i] }),
      }));
      return { ...f, ...defined(words), ...defined({ validateRules }) };
    }),
    actions: own.actions?.map((a) => ({ ...a, ...defined(texts.actions?.[a.key]) })),
    labels: texts.labels ? { ...own.labels, ...defined(texts.labels) } : own.labels,
  };
}

/** the documents with no title in `locale` (schemas:check warns of them: they show in Chinese there) */
export function untitledIn(locale: Exclude<Locale, 'zh-CN'>, docs: Iterable<EntityDocument>): string[] {
  return [...docs].filter((d) => !d.locales?.[locale]?.title).map((d) => d.code);
}
