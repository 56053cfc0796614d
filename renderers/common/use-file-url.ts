import { useEffect, useState } from 'react';
import { providers } from '../providers';

/** a stored upload's address for <img>: undefined until it is read (or without a path) */
export function useFileUrl(path: string | null | undefined): string | undefined {
  const [url, setUrl] = useState<string | undefined>();
  useEffect(() => {
    let live = true;
    setUrl(undefined);
    if (path)
      void providers()
        .data.fileUrl(path)
        .then((u) => live && setUrl(u));
    return () => {
      live = false;
    };
  }, [path]);
  return url;
}
