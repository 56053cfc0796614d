/**
 * Last response wins: each call aborts the one before, so a slow first search can never
 * overwrite a fast second one.
 */
export function latestOnly() {
  let current: AbortController | null = null;
  return <R>(run: (signal: AbortSignal) => Promise<R>): Promise<R> => {
    current?.abort();
    const controller = new AbortController();
    current = controller;
    return run(controller.signal);
  };
}

export function isAbort(e: unknown): boolean {
  return e instanceof DOMException && e.name === 'AbortError';
}
