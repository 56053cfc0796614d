import type { CallMethod } from '../../src/core/actions/call';
import { providers } from '../providers';

/** a declared route called with its method: GET and DELETE take the values as query parameters, the others as the body */
export function send(method: CallMethod, url: string, values: Record<string, unknown>) {
  const data = providers().data;
  const query = values as Record<string, string>;
  return method === 'GET'
    ? data.get(url, query)
    : method === 'DELETE'
      ? data.delete(url, query)
      : method === 'PUT'
        ? data.put(url, values)
        : data.post(url, values);
}
