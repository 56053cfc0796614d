import type { CallRefresh } from '../../src/core/actions/call';
import { reloadDictionaries } from '../common/dict';

/** how the browser fetches again each stored copy an action makes stale (call, drawer) */
export const REFRESH: Record<CallRefresh, () => Promise<void>> = { dictionaries: reloadDictionaries };
