import { STORAGE_KEYS } from '../../core/constants';
import { isLocale, type Locale } from '../../core/locale';
import { putAction } from '../http/client';
import { notices } from '../http/notices';
import { storage } from '../storage';
import { setLocale, t } from './i18n';
import { storedLocale } from './stored-locale';

/** keeps the user's language on the server (PUT /sys/user/locale), so it follows them to another browser */
async function saveForUser(locale: Locale): Promise<void> {
  try {
    const res = await putAction('/sys/user/locale', { locale });
    if (!res.success) notices.warning(t('language.saveFailed'));
  } catch {
    // an HTTP failure was already reported by the client
  }
}

/**
 * The language settled after a sign-in: the menu is fetched once it is, since the server names the
 * menus in the language the console asks for (src/server/menu/menu-titles.ts).
 */
export let localeSettled: Promise<void> = Promise.resolve();

/** what follows a language chosen while signed in (the session store reloads the menu in it) */
export const languageHooks: { chosen: () => Promise<unknown> } = { chosen: async () => undefined };

/** the language switch's choice: shown at once, remembered in this browser and, when signed in, for the user */
export async function chooseLocale(locale: Locale): Promise<void> {
  await setLocale(locale);
  if (!storage.get(STORAGE_KEYS.accessToken)) return;
  await Promise.all([saveForUser(locale), languageHooks.chosen().catch(() => undefined)]);
}

/**
 * After a sign-in: the language the user keeps on the server wins; a user without one takes the
 * language chosen on this browser's login page as theirs.
 */
export function followUserLocale(userLocale: unknown): void {
  if (isLocale(userLocale)) localeSettled = setLocale(userLocale);
  else {
    const chosen = storedLocale();
    if (chosen) void saveForUser(chosen);
  }
}
