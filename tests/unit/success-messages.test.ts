// @vitest-environment node
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');

function files(dir: string, ext: RegExp): string[] {
  return fs
    .readdirSync(path.join(root, dir), { recursive: true, encoding: 'utf8' })
    .filter((f) => ext.test(f))
    .map((f) => path.join(dir, f));
}

/**
 * a success message closed by the half-width mark ('编辑成功!'): the console writes '编辑成功！'
 * (refusals keep their quoted words, '不能为空!', and the upload toast is the spec's '上传成功!')
 */
const HALF_WIDTH = /(?<!上传)(成功|完成)!(?=['"`])/g;

describe('success messages', () => {
  it('close with the full-width ！ everywhere the server or a document says them', () => {
    const found = [...files('src/server', /\.ts$/), ...files('schemas', /\.json$/)].flatMap((f) =>
      [...fs.readFileSync(path.join(root, f), 'utf8').matchAll(HALF_WIDTH)].map((m) => `${f}: …${m[0]}`),
    );
    expect(found).toEqual([]);
  });
});
