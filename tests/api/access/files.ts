import fs from 'node:fs';
import { fetchRaw } from '../setup/client';
import type { Samples } from './types';

/** samples for the file objects (src/server/files/file-objects.ts) */

const PNG = fs.readFileSync('fixtures/files/avatar.png');

/** a fresh upload of the admin's: its file_id */
async function uploadedId(t: string): Promise<string> {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(PNG)]), 'sample.png');
  const json = await (await fetchRaw('/file/upload', t, { method: 'POST', body: form })).json();
  return json.result[0].file_id;
}

export const samples: Samples = {
  'POST /file/upload': () => ({ upload: { fileName: 'sample.png', content: PNG, contentType: 'image/png' } }),
  'GET /fileObj/list': () => ({ query: { objectId: 'no_such_record' } }),
  'POST /fileObj/delete': async (t) => ({ query: { id: await uploadedId(t) } }),
  'DELETE /fileObj/delete': async (t) => ({ query: { id: await uploadedId(t) } }),
};
