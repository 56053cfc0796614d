// @vitest-environment node
import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');
const eslint = new ESLint({ cwd: root });

/** the rule ids the project's lint config raises for `code` as if it were the file at `file` */
async function ruleIds(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
  return result.messages.map((m) => m.ruleId ?? m.message);
}

describe('the lint config keeps the layers (README.md, Architecture) apart', () => {
  it('refuses core importing the server', async () => {
    const ids = await ruleIds(
      'src/core/layer-probe.ts',
      "import { ok } from '../server/http/envelope';\nexport const probe = ok(1);\n",
    );
    expect(ids).toContain('boundaries/dependencies');
  });

  it('refuses the server importing a renderer', async () => {
    const ids = await ruleIds(
      'src/server/layer-probe.ts',
      "import { dictCodeOf } from '../../renderers/common/dict';\nexport const probe = dictCodeOf;\n",
    );
    expect(ids).toContain('boundaries/dependencies');
  });

  it('refuses a renderer importing the app: renderers reach it through their providers', async () => {
    const ids = await ruleIds(
      'renderers/common/layer-probe.ts',
      "import { getAction } from '../../src/app/http/client';\nexport const probe = getAction;\n",
    );
    expect(ids).toContain('boundaries/dependencies');
  });

  it('refuses switching on a field type outside the two field registries', async () => {
    const probe = "export const probe = (f: { type: string }) => f.type === 'sel_user';\n";
    expect(await ruleIds('renderers/list/type-probe.ts', probe)).toContain('no-restricted-syntax');
    expect(await ruleIds('src/server/crud/type-probe.ts', probe)).toContain('no-restricted-syntax');
    expect(await ruleIds('renderers/fields/type-probe.ts', probe)).not.toContain('no-restricted-syntax');
  });

  it('lets core import core and the server import core', async () => {
    expect(
      await ruleIds(
        'src/core/layer-probe.ts',
        "import { CODE } from './wire';\nexport const probe = CODE.ok;\n",
      ),
    ).toEqual([]);
    expect(
      await ruleIds(
        'src/server/layer-probe.ts',
        "import { CODE } from '../core/wire';\nexport const probe = CODE.ok;\n",
      ),
    ).toEqual([]);
  });

  it('enforces the rules of hooks', async () => {
    const ids = await ruleIds(
      'renderers/common/layer-probe.tsx',
      "import { useState } from 'react';\nexport function Probe({ on }: { on: boolean }) {\n  if (on) useState(0);\n  return null;\n}\n",
    );
    expect(ids).toContain('react-hooks/rules-of-hooks');
  });
});
