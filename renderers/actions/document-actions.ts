import type { ActionDoc } from '../../src/core/actions/types';
import { holds } from '../../src/core/document/conditions';
import type { EntityDocument } from '../../src/core/document/types';
import { hasPermission, type Grants } from '../../src/core/permission';
import type { Row } from '../list/columns';
import type { RowAction } from '../list/RowActions';
import { ACTION_PARTS } from './registry';
import type { ActionContext } from './types';

const shownOn = (a: ActionDoc) => (row: Row) => holds(a.visible, row, true);

/**
 * A document's declared row actions the user holds, as the action column's links: each shows
 * where its rule holds and runs its kind's part. The server checks the code again on the call.
 */
export function documentRowActions(doc: EntityDocument, grants: Grants, ctx: ActionContext): RowAction[] {
  return (
    (doc.actions ?? [])
      // the kind's browser part is the test: core's registry and its checks stay out of a list's first visit
      .filter(
        (a) =>
          a.place === 'row' &&
          a.kind in ACTION_PARTS &&
          (a.permission === undefined || hasPermission(grants, doc.permission + a.permission)),
      )
      .map((a) => ({
        key: a.key,
        label: a.label,
        danger: a.danger,
        confirm: a.confirm,
        visible: a.visible === undefined ? undefined : shownOn(a),
        run: async (row: Row) => {
          const part = await ACTION_PARTS[a.kind as keyof typeof ACTION_PARTS]();
          await part.default(a, row, ctx);
        },
      }))
  );
}

/** 编辑 on a row: where the document's editWhen holds (every row without one) */
export function editableBy(doc: EntityDocument): ((row: Row) => boolean) | undefined {
  const rule = doc.list.editWhen;
  return rule === undefined ? undefined : (row) => holds(rule, row, true);
}
