import { useEffect, useState } from 'react';
import { http } from './client';

/** object URLs of stored files already read, by path: a picture shown twice is fetched once */
const loaded = new Map<string, Promise<string | undefined>>();

/**
 * Reads an uploaded file (GET /sys/common/static/<path>) with the session's headers and gives it as
 * an object URL for <img>: the server shows uploads to signed-in users only, and an <img> request
 * cannot carry the token. Absolute, data: and blob: addresses are used as they are. Undefined when
 * the file cannot be read (the caller shows its placeholder).
 */
export function loadFileUrl(path: string): Promise<string | undefined> {
  if (/^(https?:|data:|blob:|\/)/.test(path)) return Promise.resolve(path);
  let url = loaded.get(path);
  if (!url) {
    url = http
      .get(`sys/common/static/${path}`)
      .then(async (res) =>
        (res.headers.get('content-type') ?? '').includes('json')
          ? undefined
          : URL.createObjectURL(await res.blob()),
      )
      .catch(() => undefined)
      .then((u) => {
        // a failure is not remembered: the next showing tries again
        if (!u) loaded.delete(path);
        return u;
      });
    loaded.set(path, url);
  }
  return url;
}

/** loadFileUrl as a hook: undefined until the file is read (or without a path) */
export function useFileUrl(path: string | null | undefined): string | undefined {
  const [url, setUrl] = useState<string | undefined>();
  useEffect(() => {
    let live = true;
    setUrl(undefined);
    if (path) void loadFileUrl(path).then((u) => live && setUrl(u));
    return () => {
      live = false;
    };
  }, [path]);
  return url;
}
