import { lazy, Suspense } from 'react';
import { tryParams, type TriedRule } from '../../src/core/actions/try';
import type { RunAction } from './types';

// each rule's dialog loads when a rule of its kind is first tried
const DIALOGS = {
  check: lazy(() => import('./rule-try/CheckRuleTry')),
  fill: lazy(() => import('./rule-try/FillRuleTry')),
} satisfies Record<TriedRule, unknown>;

/** try: the dialog that tries the row's rule (src/core/actions/try.ts), over the list */
const run: RunAction = async (action, { row }, ctx) => {
  if (!row) return; // shown on rows only (its places)
  const Dialog = DIALOGS[tryParams(action).rule];
  ctx.show((close) => (
    <Suspense fallback={null}>
      <Dialog rule={row} onClose={close} />
    </Suspense>
  ));
};

export default run;
