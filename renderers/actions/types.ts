import type { ReactNode } from 'react';
import type { ActionDoc } from '../../src/core/actions/types';
import type { Row } from '../list/columns';

/** what a running action may use of the list it was started from */
export interface ActionContext {
  /** the list shows the server's rows again */
  reload: () => void;
  /** shows a kind's dialog over the list until the dialog calls close */
  show: (dialog: (close: () => void) => ReactNode) => void;
}

/** a kind's browser part: runs one action on one row */
export type RunAction = (action: ActionDoc, row: Row, ctx: ActionContext) => Promise<void>;
