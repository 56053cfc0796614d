import { DEFAULT_LOCALE, format, type Locale } from './locale';

/**
 * The words of one area of the screens (a folder of renderers/ or src/core), kept beside its code: the area's
 * `messages.ts` defines them in zh-CN, the console's own language, and takes `t` from here; its
 * `messages.en-US.ts` gives each in English, typed against them so none is missing. The English
 * files are loaded only when English is chosen (src/app/i18n/i18n.ts, setLocale), all at once.
 */
export type Words = Record<string, string>;

/** the chosen language's words of every area (empty for zh-CN: each area's own are used) */
let chosen = new Map<string, Words>();

/**
 * An area's `t`: its word for `key` in the chosen language, its own (zh-CN) where that language has
 * none. Called while rendering: the app mounts afresh when the language changes.
 */
export function defineMessages<const M extends Words>(area: string, own: M) {
  return (key: keyof M & string, vars?: Record<string, string | number>): string =>
    format(chosen.get(area)?.[key] ?? own[key], vars);
}

/** the words each area has in `locale` (area → words), as the app loads them when it is chosen */
export function chooseWords(locale: Locale, areas: Record<string, Words>): void {
  chosen = new Map(locale === DEFAULT_LOCALE ? [] : Object.entries(areas));
}

/** an English file's area: the folder it sits in, relative to the project (renderers/list) */
export const areaOfFile = (file: string) => file.replace(/^\/+/, '').replace(/\/messages\.[\w-]+\.ts$/, '');
