import type { Locale as AntdLocale } from 'antd/es/locale';
import zhCNAntd from 'antd/locale/zh_CN';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import { proxy, ref } from 'valtio';
import { STORAGE_KEYS } from '../../core/constants';
import { DEFAULT_LOCALE, format, type Locale } from '../../core/locale';
import { areaOfFile, chooseWords, type Words } from '../../core/messages';
import { ZH_CN, type Catalog, type MessageKey } from './zh-CN';

interface Language {
  catalog: Catalog;
  antd: AntdLocale;
  /** dayjs's name of the locale (dates, relative times) */
  dayjs: string;
}

/** each locale's catalog with antd's and dayjs's: zh-CN comes with the app, others load when chosen */
const LANGUAGES: Record<Locale, () => Promise<Language>> = {
  'zh-CN': async () => ({ catalog: ZH_CN, antd: zhCNAntd, dayjs: 'zh-cn' }),
  'en-US': async () => {
    const [{ EN_US }, antd] = await Promise.all([import('./en-US'), import('antd/locale/en_US')]);
    return { catalog: EN_US, antd: antd.default, dayjs: 'en' };
  },
};

/**
 * the screens' words in English, one file per area (src/core/messages.ts), loaded when English is
 * chosen: the renderers' areas and src/core's (validation, cron, the advanced query, import jobs)
 */
const ENGLISH_AREAS = import.meta.glob<Words>(
  ['/renderers/**/messages.en-US.ts', '/src/core/**/messages.en-US.ts'],
  {
    import: 'default',
  },
);

async function areaWords(locale: Locale): Promise<Record<string, Words>> {
  if (locale !== 'en-US') return {};
  const files = Object.entries(ENGLISH_AREAS);
  const words = await Promise.all(files.map(([, load]) => load()));
  return Object.fromEntries(files.map(([file], i) => [areaOfFile(file), words[i]]));
}

/** the language the console shows (the catalogs and antd's locale are kept as they are, not proxied) */
export const i18n = proxy({
  locale: DEFAULT_LOCALE as Locale,
  catalog: ref(ZH_CN as Catalog),
  antd: ref(zhCNAntd),
});
dayjs.locale('zh-cn');

/**
 * A text in the current language. Components call it while rendering: the app is mounted afresh
 * when the language changes (AppProviders keys its tree on the locale), so no text stays behind.
 */
export const t = (key: MessageKey, vars?: Record<string, string | number>) => format(i18n.catalog[key], vars);

/** shows the console in `locale` and remembers it in this browser */
export async function setLocale(locale: Locale): Promise<void> {
  localStorage.setItem(STORAGE_KEYS.locale, locale);
  if (locale === i18n.locale) return;
  const [lang, areas] = await Promise.all([LANGUAGES[locale](), areaWords(locale)]);
  chooseWords(locale, areas);
  dayjs.locale(lang.dayjs);
  Object.assign(i18n, { locale, catalog: ref(lang.catalog), antd: ref(lang.antd) });
  document.documentElement.lang = locale;
}
