import { useCallback, useEffect, useRef, useState } from 'react';
import type { ErrorSchema } from '@rjsf/utils';

type Data = Record<string, unknown>;

/**
 * A check that asks the server about a field's value (duplicate and rule-code checks):
 * the message to show under the field, or null when the value may be used. `recordId` is the
 * edited record's (so a value may equal its own).
 */
export type FieldCheck = (value: string, data: Data, recordId?: string) => Promise<string | null>;
export type FieldChecks = Record<string, FieldCheck>;

/** typing pauses this long before a value is sent to be checked */
const CHECK_DELAY_MS = 300;

/**
 * Runs a form's field checks as the user types: a field's value is checked once typing pauses, an
 * empty value is not checked, and only the answer for the latest value counts. A failing check's
 * message stays under its field until the value changes. The server checks again on save.
 */
export function useFieldChecks(checks: FieldChecks | undefined, recordId: string | undefined) {
  const [messages, setMessages] = useState<Record<string, string>>({});
  const timers = useRef(new Map<string, ReturnType<typeof setTimeout>>());
  const latest = useRef(new Map<string, number>());

  useEffect(() => {
    const pending = timers.current;
    return () => pending.forEach(clearTimeout);
  }, []);

  const changed = useCallback(
    (before: Data, after: Data) => {
      for (const [key, check] of Object.entries(checks ?? {})) {
        if (before[key] === after[key]) continue;
        clearTimeout(timers.current.get(key));
        const n = (latest.current.get(key) ?? 0) + 1;
        latest.current.set(key, n);
        setMessages(({ [key]: _dropped, ...rest }) => rest);
        const value = after[key];
        if (value === undefined || value === null || value === '') continue;
        const run = () =>
          check(String(value), after, recordId).then(
            (message) => {
              if (message && latest.current.get(key) === n) setMessages((m) => ({ ...m, [key]: message }));
            },
            // a check that cannot run says nothing; the save is checked by the server anyway
            () => undefined,
          );
        timers.current.set(key, setTimeout(run, CHECK_DELAY_MS));
      }
    },
    [checks, recordId],
  );

  const errors: ErrorSchema<Data> | undefined = Object.keys(messages).length
    ? (Object.fromEntries(
        Object.entries(messages).map(([k, m]) => [k, { __errors: [m] }]),
      ) as ErrorSchema<Data>)
    : undefined;
  return { errors, changed };
}
