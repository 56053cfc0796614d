import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { areaOfFile, chooseWords, defineMessages } from '../../src/core/messages';
import { t as listWord } from '../../renderers/list/messages';

/** every area's English file under `dir` */
function englishFilesIn(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return englishFilesIn(full);
    return e.name === 'messages.en-US.ts' ? [full] : [];
  });
}

/** every area's English file, as the app's glob finds them (src/app/i18n/i18n.ts ENGLISH_AREAS) */
const englishFiles = () => ['renderers', path.join('src', 'core')].flatMap(englishFilesIn);

afterEach(() => chooseWords('zh-CN', {}));

describe("a screen area's words (src/core/messages.ts)", () => {
  it("says its own words, or the chosen language's where it has them, with the values filled in", () => {
    const t = defineMessages('renderers/demo', { total: '共 {total} 条', clear: '清空' });
    expect(t('total', { total: 3 })).toBe('共 3 条');
    chooseWords('en-US', { 'renderers/demo': { total: '{total} in all' } });
    expect(t('total', { total: 3 })).toBe('3 in all');
    // a word the language lacks shows in the area's own, never as a key
    expect(t('clear')).toBe('清空');
    chooseWords('zh-CN', { 'renderers/demo': { total: '{total} in all' } });
    expect(t('total', { total: 3 })).toBe('共 3 条');
  });

  it('finds each English file under the area its messages.ts names, so none is loaded for nothing', async () => {
    const files = englishFiles();
    expect(files.length).toBeGreaterThan(0);
    for (const file of files) {
      const own = fs.readFileSync(path.join(path.dirname(file), 'messages.ts'), 'utf8');
      expect(own).toContain(`defineMessages('${areaOfFile(`/${file}`)}'`);
    }
    chooseWords('en-US', {
      [areaOfFile('/renderers/list/messages.en-US.ts')]: (await import('../../renderers/list/messages.en-US'))
        .default,
    });
    expect(listWord('paging', { from: 1, to: 10, total: 15 })).toBe('1-10 of 15');
  });
});
