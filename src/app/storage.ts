import { STORAGE_TTL_MS } from '../core/constants';

/**
 * Local storage with an expiry: entries are written as {value, expire}; an expired entry reads as
 * undefined and is removed. Session and user data live 7 days.
 */
interface Stored<T> {
  value: T;
  expire: number | null;
}

export const storage = {
  set<T>(key: string, value: T, ttlMs: number | null = STORAGE_TTL_MS): void {
    const entry: Stored<T> = { value, expire: ttlMs === null ? null : Date.now() + ttlMs };
    localStorage.setItem(key, JSON.stringify(entry));
  },
  get<T>(key: string): T | undefined {
    const raw = localStorage.getItem(key);
    if (raw === null) return undefined;
    try {
      const entry = JSON.parse(raw) as Stored<T>;
      if (!entry || typeof entry !== 'object' || !('value' in entry)) return undefined;
      if (entry.expire !== null && entry.expire < Date.now()) {
        localStorage.removeItem(key);
        return undefined;
      }
      return entry.value;
    } catch {
      return undefined;
    }
  },
  remove(key: string): void {
    localStorage.removeItem(key);
  },
  clear(): void {
    localStorage.clear();
  },
};
