import { lazy, useEffect, useState, type ComponentType } from 'react';

/**
 * A part of a registered concept (a field type's list cell, form editor, grid cell, search control)
 * that loads when a screen first needs it. A registry is a leaf module that maps names to such
 * loaders (renderers/fields/registry.ts): it imports none of its consumers, and a screen carries
 * only the parts of what it shows. A screen loads the parts its document needs before it draws
 * them (usePartsLoaded beside its first data request), so nothing flickers or shifts in later.
 */
export type PartLoader<T = unknown> = () => Promise<{ default: T }>;

const loaded = new Map<PartLoader, unknown>();
const loading = new Map<PartLoader, Promise<unknown>>();

/** loads a part once (later calls share the first load) */
export function loadPart<T>(load: PartLoader<T>): Promise<T> {
  if (loaded.has(load)) return Promise.resolve(loaded.get(load) as T);
  let pending = loading.get(load);
  if (!pending) {
    pending = load().then(
      (m) => {
        loaded.set(load, m.default);
        loading.delete(load);
        return m.default;
      },
      (e: unknown) => {
        // a failed load (a dropped connection) is tried again by the next screen that asks
        loading.delete(load);
        throw e;
      },
    );
    loading.set(load, pending);
  }
  return pending as Promise<T>;
}

/** loads every part given */
export async function loadParts(loaders: readonly PartLoader[]): Promise<void> {
  await Promise.all(loaders.map(loadPart));
}

/** a part already loaded, or undefined */
export function loadedPart<T>(load: PartLoader<T>): T | undefined {
  return loaded.get(load) as T | undefined;
}

const fallbacks = new Map<PartLoader, ComponentType<never>>();

/**
 * A component part: the loaded one, or (where a screen did not load it first) one that loads it
 * under the nearest Suspense boundary, so a part asked for early still shows, only later.
 */
export function partComponent<P>(load: PartLoader<ComponentType<P>>): ComponentType<P> {
  const ready = loadedPart(load);
  if (ready) return ready;
  if (!fallbacks.has(load)) fallbacks.set(load, lazy(load) as unknown as ComponentType<never>);
  return fallbacks.get(load) as ComponentType<P>;
}

/**
 * Whether every part given has loaded; those missing start loading at once, and the component
 * renders again when they are here. A failed load is thrown to the nearest error boundary.
 */
export function usePartsLoaded(loaders: readonly PartLoader[]): boolean {
  const [, loadedNow] = useState(0);
  const [failure, setFailure] = useState<{ error: unknown } | null>(null);
  const missing = loaders.filter((l) => !loaded.has(l));
  // started while rendering, not after the commit: the loads begin with the screen's first data request
  const all = missing.length ? loadParts(missing) : null;
  // the effect below hears a failure; a render React drops (StrictMode's second) must not leave it unheard
  all?.catch(() => undefined);
  useEffect(() => {
    if (!all) return;
    let live = true;
    all.then(
      () => live && loadedNow((n) => n + 1),
      (error: unknown) => live && setFailure({ error }),
    );
    return () => {
      live = false;
    };
  });
  if (failure) throw failure.error;
  return missing.length === 0;
}
