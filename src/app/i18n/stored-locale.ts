import { STORAGE_KEYS } from '../../core/constants';
import { isLocale, type Locale } from '../../core/locale';

/**
 * The language this browser last chose, if any: a module of its own, so the phone area
 * (src/pages/phone/i18n/i18n.ts) reads the same choice without the console's catalog and antd's locale.
 */
export function storedLocale(): Locale | undefined {
  const v = localStorage.getItem(STORAGE_KEYS.locale);
  return isLocale(v) ? v : undefined;
}
