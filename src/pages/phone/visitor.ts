import { useSyncExternalStore } from 'react';
import { storage } from '../../app/storage';

/** the visitor's session on this phone (7 days, like the console's); not the staff token */
const TOKEN_KEY = 'VISITOR_TOKEN';
const PROFILE_KEY = 'VISITOR_PROFILE';

export interface VisitorProfile {
  id: string;
  nickname: string;
  mobile: string;
}

const listeners = new Set<() => void>();
const notify = () => listeners.forEach((l) => l());

export const visitorToken = (): string => storage.get<string>(TOKEN_KEY) ?? '';

export function rememberVisitor(token: string, profile: VisitorProfile): void {
  storage.set(TOKEN_KEY, token);
  storage.set(PROFILE_KEY, profile);
  notify();
}

export function forgetVisitor(): void {
  storage.remove(TOKEN_KEY);
  storage.remove(PROFILE_KEY);
  notify();
}

/** the signed-in visitor, or null; re-renders when it signs in or out */
export function useVisitor(): VisitorProfile | null {
  const raw = useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => (visitorToken() ? localStorage.getItem(PROFILE_KEY) : null),
  );
  return raw ? (storage.get<VisitorProfile>(PROFILE_KEY) ?? null) : null;
}

/** where to go after signing in: only a path of the phone area (never another site) */
export function safeReturn(to: string | null): string {
  return to && /^\/phone\/[A-Za-z]+(\?[^#]*)?$/.test(to) ? to : '/phone/activityList';
}

/** the page to send a visitor to sign in, coming back here afterwards */
export const loginHref = () =>
  `/phone/login?redirect=${encodeURIComponent(location.pathname + location.search)}`;
