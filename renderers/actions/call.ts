import { callParams } from '../../src/core/actions/call';
import { reportWrite } from '../common/failure';
import { providers } from '../providers';
import type { RunAction } from './types';

/** call: the declared server operation on the row (its id), then the list reloads */
const run: RunAction = async (action, row, ctx) => {
  const { method, url } = callParams(action);
  const data = providers().data;
  const params = { id: row.id };
  const answer =
    method === 'GET'
      ? data.get(url, params)
      : method === 'DELETE'
        ? data.delete(url, params)
        : method === 'PUT'
          ? data.put(url, params)
          : data.post(url, params);
  if (await reportWrite(answer)) ctx.reload();
};

export default run;
