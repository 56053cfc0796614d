import { Button } from 'antd';
import type { ReactNode } from 'react';
import { placesOf, type ActionDoc, type ActionPlace } from '../../src/core/actions/types';
import { holds } from '../../src/core/document/conditions';
import type { EntityDocument } from '../../src/core/document/types';
import { hasPermission } from '../../src/core/permission';
import type { Row } from '../list/columns';
import type { RowAction } from '../list/RowActions';
import { NOTHING_SELECTED, type ModalApi } from '../list/use-deletes';
import { ButtonIcon } from '../common/menu-icons';
import { providers } from '../providers';
import { t } from './messages';
import { ACTION_HOLDS, ACTION_PARTS } from './registry';
import type { ActionContext, ActionTarget, Holder } from './types';

const rowRule = (rule: ActionDoc['visible']) =>
  rule === undefined ? undefined : (row: Row) => holds(rule, row, true);

/**
 * the document's actions in a place that the user holds: its code, and what its kind needs more
 * (ACTION_HOLDS: a drawer's list, a members action's edit code)
 */
function declaredIn(doc: EntityDocument, holder: Holder, place: ActionPlace): ActionDoc[] {
  return (
    (doc.actions ?? [])
      // the kind's browser part is the test: core's registry and its checks stay out of a list's first visit
      .filter(
        (a) =>
          placesOf(a).includes(place) &&
          a.kind in ACTION_PARTS &&
          (a.permission === undefined || hasPermission(holder.grants, doc.permission + a.permission)) &&
          (ACTION_HOLDS[a.kind as keyof typeof ACTION_PARTS]?.(a, doc, holder) ?? true),
      )
  );
}

async function runAction(a: ActionDoc, target: ActionTarget, ctx: ActionContext) {
  const part = await ACTION_PARTS[a.kind as keyof typeof ACTION_PARTS]();
  await part.default(a, target, ctx);
}

/**
 * A document's declared row actions the user holds, as the action column's links: each shows
 * where its rule holds and runs its kind's part. The server checks the code again on the call.
 */
export function documentRowActions(doc: EntityDocument, holder: Holder, ctx: ActionContext): RowAction[] {
  return declaredIn(doc, holder, 'row').map((a) => ({
    key: a.key,
    label: a.label,
    danger: a.danger,
    confirm: a.confirm,
    visible: rowRule(a.visible),
    enabled: rowRule(a.enabled),
    run: (row: Row) => runAction(a, { row }, ctx),
  }));
}

/**
 * The toolbar's declared buttons: those of the toolbar run with no row, those of the batch place on
 * the selected rows (none selected: a warning), confirmed with their number (`{count}` in confirmBulk).
 */
export function documentToolbar(
  doc: EntityDocument,
  holder: Holder,
  ctx: ActionContext,
  selected: string[],
  modal: ModalApi,
): ReactNode {
  const ask = (title: string, text: string, run: () => Promise<void>) =>
    modal.confirm({ title, content: text, okText: t('ok'), cancelText: t('cancel'), onOk: run });
  const button = (a: ActionDoc, place: ActionPlace, onClick: () => void) => (
    <Button
      key={`${place}:${a.key}`}
      danger={a.danger}
      icon={a.icon && <ButtonIcon name={a.icon} />}
      onClick={onClick}
    >
      {a.label}
    </Button>
  );
  return [
    ...declaredIn(doc, holder, 'toolbar').map((a) =>
      button(a, 'toolbar', () => {
        const run = () => runAction(a, {}, ctx);
        if (a.confirm) ask(a.label, a.confirm, run);
        else void run();
      }),
    ),
    ...declaredIn(doc, holder, 'bulk').map((a) =>
      button(a, 'bulk', () => {
        if (!selected.length) return providers().notices.warning(NOTHING_SELECTED);
        const run = () => runAction(a, { ids: selected }, ctx);
        const text = a.confirmBulk ?? a.confirm;
        if (text)
          ask(t('bulk', { label: a.label }), text.replaceAll('{count}', String(selected.length)), run);
        else void run();
      }),
    ),
  ];
}

/** 编辑 on a row: where the document's editWhen holds (every row without one) */
export function editableBy(doc: EntityDocument): ((row: Row) => boolean) | undefined {
  return rowRule(doc.list.editWhen);
}
