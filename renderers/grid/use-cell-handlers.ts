import { useEffect, useRef } from 'react';
import type { FieldDoc } from '../../src/core/document/types';
import { isEmpty } from '../../src/core/validation/validate';
import { CELL_HANDLER_CHECKS, handlerRule } from './cell-handlers';
import { cellKey, type GridRow, type HandlerAnswer } from './grid-model';
import { t } from './messages';

/** typing pauses this long before a value is sent (as the form's checks) */
const CHECK_DELAY_MS = 300;

/** a cell's last handled value and what the server said of it (t('handlerPending') until it answers) */
interface Answer {
  value: string;
  message: string | null;
}

/**
 * Runs the grid's handler rules (rule 3): a changed cell's value is sent once typing
 * pauses, the answer kept for that value; `answered` is called for the cell so it is checked again.
 * The values of the rows loaded from the server passed when they were saved.
 */
export function useCellHandlers(
  fields: FieldDoc[],
  table: string,
  initial: GridRow[],
  answered: (rowId: string, key: string) => void,
) {
  const answers = useRef<Map<string, Answer> | null>(null);
  if (!answers.current) {
    answers.current = new Map();
    for (const f of fields.filter(handlerRule))
      for (const r of initial)
        if (!isEmpty(r[f.key]))
          answers.current.set(cellKey(r.id, f.key), { value: String(r[f.key]), message: null });
  }
  const timers = useRef(new Map<string, ReturnType<typeof setTimeout>>());
  useEffect(() => {
    const pending = timers.current;
    return () => pending.forEach(clearTimeout);
  }, []);

  /** sends a cell's value to its handler (after a pause) unless it was answered or is on its way */
  const run = (row: GridRow, field: FieldDoc, saved: boolean, delay = CHECK_DELAY_MS) => {
    const rule = handlerRule(field);
    const value = row[field.key];
    if (!rule?.handler || isEmpty(value)) return;
    const key = cellKey(row.id, field.key);
    const text = String(value);
    if (answers.current!.get(key)?.value === text) return;
    answers.current!.set(key, { value: text, message: t('handlerPending') });
    clearTimeout(timers.current.get(key));
    const check = CELL_HANDLER_CHECKS[rule.handler](table, field);
    const settle = (message: string | null) => {
      // an answer for a value the cell no longer holds is dropped
      if (answers.current!.get(key)?.value !== text) return;
      // the server's answer as it is: the save would say the same (one message, on the rule it checks)
      answers.current!.set(key, { value: text, message });
      answered(row.id, field.key);
    };
    timers.current.set(
      key,
      setTimeout(() => {
        check(text, row, saved ? row.id : undefined).then(settle, () =>
          // a check that cannot run says nothing; the server checks the save anyway
          settle(null),
        );
      }, delay),
    );
  };

  const handled: HandlerAnswer = (field, row) => {
    if (!handlerRule(field)) return null;
    const answer = answers.current!.get(cellKey(row.id, field.key));
    return answer && answer.value === String(row[field.key]) ? answer.message : t('handlerPending');
  };

  /** before a save: the cells holding a value never sent (a new row's default) are sent now */
  const runMissing = (rows: GridRow[], isSaved: (id: string) => boolean) => {
    for (const f of fields.filter(handlerRule)) for (const r of rows) run(r, f, isSaved(r.id), 0);
  };

  return { run, handled, runMissing };
}
