import { useSnapshot } from 'valtio';
import { session, type MenuItem } from '../stores/session';

/** the signed-in user's menu tree (a read-only snapshot; the pure menu rules never mutate it) */
export function useMenu(): MenuItem[] {
  return useSnapshot(session).permissionList as unknown as MenuItem[];
}
