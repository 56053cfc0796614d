import type { ReactNode } from 'react';
import type { ActionDoc } from '../../src/core/actions/types';
import type { EntityDocument } from '../../src/core/document/types';
import type { Grants } from '../../src/core/permission';
import type { Row } from '../list/columns';
import type { MenuEntry } from '../providers';

/** what of the session decides which actions a user holds */
export interface Holder {
  grants: Grants;
  menu: readonly MenuEntry[];
}

/** what a running action may use of the list it was started from */
export interface ActionContext {
  /** the list's document */
  doc: EntityDocument;
  /** the list shows the server's rows again */
  reload: () => void;
  /** shows a dialog over the list until it calls `close` */
  show: (overlay: (close: () => void) => ReactNode) => void;
}

/** what an action runs on: a row (its action column), the selected rows' ids (batch menu), or neither (toolbar) */
export interface ActionTarget {
  row?: Row;
  ids?: string[];
}

/** a kind's browser part: runs one action on its target */
export type RunAction = (action: ActionDoc, target: ActionTarget, ctx: ActionContext) => Promise<void>;
