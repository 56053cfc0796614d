import { callParams } from '../../src/core/actions/call';
import { placesOf } from '../../src/core/actions/types';
import { reportWrite } from '../common/failure';
import { REFRESH } from './refresh';
import { send } from './send';
import type { RunAction } from './types';

/**
 * call: the declared server operation on the row (its `id`, or `ids` when the action is also a batch
 * button), on the selected rows (`ids`) or on nothing (toolbar), then the list reloads
 */
const run: RunAction = async (action, { row, ids }, ctx) => {
  const { method, url, values, refreshes } = callParams(action);
  const target = ids
    ? { ids: ids.join(',') }
    : row
      ? { [placesOf(action).includes('bulk') ? 'ids' : 'id']: String(row.id) }
      : {};
  const answer = send(method, url, { ...values, ...target }).then(async (res) => {
    // the message says it is done only once this browser's copy is fresh too
    if (res.success && refreshes) await REFRESH[refreshes]();
    return res;
  });
  if (await reportWrite(answer)) ctx.reload();
};

export default run;
