import { useEffect, useState } from 'react';
import type { FieldDoc } from '../../src/core/document/types';
import { loadOptionsFor, type DictOption } from './dict';

/** the dictionary options of some fields by key; empty until they arrive (cached per session) */
export function useOptions(fields: FieldDoc[]): Record<string, DictOption[]> | null {
  const [options, setOptions] = useState<Record<string, DictOption[]> | null>(null);
  useEffect(() => {
    let live = true;
    void loadOptionsFor(fields).then((o) => live && setOptions(o));
    return () => {
      live = false;
    };
  }, [fields]);
  return options;
}
