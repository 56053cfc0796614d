import { formParams } from '../../src/core/actions/form';
import { rowTitle } from '../../src/core/actions/types';
import type { EntityDocument } from '../../src/core/document/types';
import { t } from './messages';
import { send } from './send';
import type { RunAction } from './types';

/**
 * form: the generic form over the action's fields (a document of its own, named after the action),
 * first filled from the row; its values go to the action's route with the server's answer shown
 */
const run: RunAction = async (action, { row }, ctx) => {
  const p = formParams(action);
  const { default: EntityFormModal } = await import('../form/EntityFormModal');
  const doc: EntityDocument = {
    ...ctx.doc,
    code: `${ctx.doc.code}_${action.key}`,
    fields: p.fields,
    children: undefined,
    actions: undefined,
  };
  const first = Object.fromEntries(Object.entries(p.from ?? {}).map(([to, from]) => [to, row?.[from]]));
  const title = rowTitle(p.title ?? action.label, row ?? {});
  ctx.show((close) => (
    <EntityFormModal
      doc={doc}
      mode="add"
      record={first}
      open
      onClose={close}
      onSaved={() => {
        ctx.reload();
        if (!p.keepOpen) close();
      }}
      action={{
        title,
        okText: p.keepOpen ? action.label : t('ok'),
        keepOpen: p.keepOpen,
        send: (values) => send(p.method, p.url, { ...first, ...values }),
      }}
    />
  ));
};

export default run;
