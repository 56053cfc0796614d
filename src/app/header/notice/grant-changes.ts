import { notices } from '../../http/notices';
import { refreshPermissions } from '../../stores/session';
import { t } from '../../i18n/i18n';

/** a burst of grant changes (a screen saving several) is answered once, after it settles */
const SETTLE_MS = 300;
let timer: ReturnType<typeof setTimeout> | undefined;

/**
 * The server's {cmd:'permission'}: grants changed, perhaps the user's. The menu and buttons are
 * loaded again; the user hears of it only when its own changed.
 */
export function followGrantChanges(): void {
  clearTimeout(timer);
  timer = setTimeout(() => {
    refreshPermissions().then(
      (changed) => {
        if (changed) notices.info(t('notice.grantsChanged'));
      },
      (e: unknown) => console.warn('permission refresh failed', e),
    );
  }, SETTLE_MS);
}
