import { notices } from '../../http/notices';
import { refreshPermissions } from '../../stores/session';

const GRANTS_CHANGED = '您的权限已变更，菜单和按钮已更新';

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
        if (changed) notices.info(GRANTS_CHANGED);
      },
      (e: unknown) => console.warn('权限刷新失败', e),
    );
  }, SETTLE_MS);
}
