import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { importCycles, importGraph, runtimeImports } from '../../scripts/import-cycles';

const REGISTRY = 'renderers/fields/registry.ts';

/** the specifiers of a module's import() calls */
function dynamicImports(file: string): string[] {
  const source = ts.createSourceFile(file, fs.readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
  const found: string[] = [];
  const visit = (node: ts.Node) => {
    if (
      ts.isCallExpression(node) &&
      node.expression.kind === ts.SyntaxKind.ImportKeyword &&
      ts.isStringLiteral(node.arguments[0])
    )
      found.push(node.arguments[0].text);
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

describe('renderers/fields/registry.ts is a leaf', () => {
  it('imports no code when it loads (types only)', () => {
    expect(runtimeImports(REGISTRY, fs.readFileSync(REGISTRY, 'utf8'))).toEqual([]);
  });

  it('names only its part modules, ./<type>/<part>, each of which exists', () => {
    const named = dynamicImports(REGISTRY);
    expect(named.length).toBeGreaterThan(40);
    for (const specifier of named) {
      expect(specifier).toMatch(
        /^\.\/[a-z-]+\/(editor|display|cell|grid-editor|search|range-search|condition)$/,
      );
      const file = path.resolve(path.dirname(REGISTRY), specifier);
      expect(fs.existsSync(`${file}.ts`) || fs.existsSync(`${file}.tsx`), specifier).toBe(true);
    }
  });

  it('a list page reaches none of grid, pickers, form, rjsf or the field parts at load', () => {
    const graph = importGraph(['src', 'renderers']);
    const reached = new Set<string>();
    const next = ['src/app/main.tsx', 'src/app/layouts/BasicLayout.tsx', 'renderers/list/PlainList.tsx'].map(
      (f) => path.resolve(f),
    );
    while (next.length) {
      const file = next.pop()!;
      if (reached.has(file)) continue;
      reached.add(file);
      next.push(...(graph.get(file) ?? []));
    }
    const modules = [...reached].map((f) => path.relative(process.cwd(), f).split(path.sep).join('/'));
    expect(modules).toContain('renderers/fields/registry.ts');
    expect(
      modules.filter((m) =>
        /^renderers\/(grid|pickers|form)\/|^renderers\/fields\/[^/]+\/|fields\/editors\//.test(m),
      ),
    ).toEqual([]);
    const packages = modules.flatMap((m) => runtimeImports(m, fs.readFileSync(m, 'utf8')));
    expect(packages.filter((p) => p.startsWith('@rjsf/') || p.startsWith('ajv'))).toEqual([]);
  });
});

describe('the import-cycle check (npm run lint)', () => {
  it('finds a cycle through several modules and a module importing itself, and nothing in a tree', () => {
    const graph = new Map([
      ['a', ['b']],
      ['b', ['c']],
      ['c', ['a', 'd']],
      ['d', []],
      ['e', ['e']],
      ['f', ['d']],
    ]);
    expect(importCycles(graph).map((c) => c.join(' → '))).toEqual(['a → b → c → a', 'e → e']);
    expect(
      importCycles(
        new Map([
          ['a', ['b']],
          ['b', []],
        ]),
      ),
    ).toEqual([]);
  });

  it('counts imports made at load, not import type or import()', () => {
    const text = [
      "import { a } from './a';",
      "import type { B } from './b';",
      "import { type C } from './c';",
      "import './d.css';",
      "export { e } from './e';",
      "export type { F } from './f';",
      "const g = () => import('./g');",
    ].join('\n');
    expect(runtimeImports('x.ts', text)).toEqual(['./a', './d.css', './e']);
  });

  it('src/ and renderers/ hold no cycle', () => {
    expect(importCycles(importGraph(['src', 'renderers']))).toEqual([]);
  });
});
