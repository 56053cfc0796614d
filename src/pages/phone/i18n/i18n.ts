import { storedLocale } from '../../../app/i18n/stored-locale';
import { DEFAULT_LOCALE, format, type Locale } from '../../../core/locale';
import { PHONE_ZH_CN, type PhoneCatalog, type PhoneKey } from './zh-CN';

/** each locale's phone catalog: zh-CN comes with the page, others load when chosen */
const CATALOGS: Record<Locale, () => Promise<PhoneCatalog>> = {
  'zh-CN': async () => PHONE_ZH_CN,
  'en-US': async () => (await import('./en-US')).PHONE_EN_US,
};

let catalog: PhoneCatalog = PHONE_ZH_CN;

/**
 * Takes the language this browser chose on the console's switch (src/app/i18n/LanguageSwitch.tsx);
 * the phone area has no switch of its own. Called once before the first render.
 */
export async function loadStoredLocale(): Promise<void> {
  const locale = storedLocale() ?? DEFAULT_LOCALE;
  catalog = await CATALOGS[locale]();
  document.documentElement.lang = locale;
}

/** a text of the phone area in the chosen language */
export const t = (key: PhoneKey, vars?: Record<string, string | number>) => format(catalog[key], vars);
