import { useSnapshot } from 'valtio';
import { LOCALE_NAMES, LOCALES } from '../../core/locale';
import { chooseLocale } from './choose-locale';
import { i18n, t } from './i18n';
import styles from './LanguageSwitch.module.css';

/** The login page's language switch: each language named in itself, the current one pressed. */
export function LanguageSwitch() {
  const { locale } = useSnapshot(i18n);
  return (
    <div role="group" aria-label={t('language.label')} className={styles.switch}>
      {LOCALES.map((l) => (
        <button
          key={l}
          type="button"
          lang={l}
          aria-pressed={l === locale}
          className={styles.option}
          onClick={() => void chooseLocale(l)}
        >
          {LOCALE_NAMES[l]}
        </button>
      ))}
    </div>
  );
}
