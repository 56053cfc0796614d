/**
 * Lint step (npm run lint): refuses a cycle among the modules of src/ and renderers/ that import
 * each other when they load. Only run-time edges count: `import type`, imports of types alone and
 * `import()` (loaded later, the way to break a cycle) are not edges. A cycle there makes what a
 * module sees at load depend on which module of the cycle was loaded first, and ties the chunks
 * of a lazily loaded screen together (renderers/fields/registry.ts once pulled grid, pickers, form
 * and list into every list page this way).
 *
 * Why the compiler API rather than eslint-plugin-import's `import/no-cycle`: the TypeScript parser
 * is already here, one pass over the files builds the whole graph in about a second (no-cycle
 * walks the graph again from every file), and the rule wanted is exactly "run-time static imports".
 */
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import ts from 'typescript';

const SOURCE = /\.(ts|tsx)$/;
const RESOLVED_EXTENSIONS = ['', '.ts', '.tsx', '/index.ts', '/index.tsx'];

/** the relative module specifiers a file imports when it loads (type-only and dynamic imports left out) */
export function runtimeImports(fileName: string, text: string): string[] {
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, false, ts.ScriptKind.TSX);
  const specifiers: string[] = [];
  for (const statement of source.statements) {
    if (ts.isImportDeclaration(statement)) {
      const clause = statement.importClause;
      const typesOnly =
        clause &&
        (clause.isTypeOnly ||
          (!clause.name &&
            clause.namedBindings &&
            ts.isNamedImports(clause.namedBindings) &&
            clause.namedBindings.elements.length > 0 &&
            clause.namedBindings.elements.every((e) => e.isTypeOnly)));
      if (!typesOnly) specifiers.push((statement.moduleSpecifier as ts.StringLiteral).text);
    } else if (ts.isExportDeclaration(statement) && statement.moduleSpecifier && !statement.isTypeOnly) {
      specifiers.push((statement.moduleSpecifier as ts.StringLiteral).text);
    }
  }
  return specifiers;
}

/** the file a relative specifier names, or null (a package, a stylesheet, an asset) */
export function resolveImport(fromFile: string, specifier: string): string | null {
  if (!specifier.startsWith('.')) return null;
  const base = path.resolve(path.dirname(fromFile), specifier);
  for (const ext of RESOLVED_EXTENSIONS) {
    const candidate = base + ext;
    if (SOURCE.test(candidate) && fs.existsSync(candidate) && fs.statSync(candidate).isFile())
      return candidate;
  }
  return null;
}

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return sourceFiles(full);
    return SOURCE.test(e.name) && !e.name.endsWith('.d.ts') ? [full] : [];
  });
}

/** file → the files it imports at load, over every source file under the given folders */
export function importGraph(roots: string[]): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  for (const file of roots.flatMap((r) => sourceFiles(path.resolve(r)))) {
    const targets = runtimeImports(file, fs.readFileSync(file, 'utf8'))
      .map((s) => resolveImport(file, s))
      .filter((t): t is string => t !== null);
    graph.set(file, [...new Set(targets)]);
  }
  return graph;
}

/** the cycles of a graph: one path per strongly connected component with more than one file (or a self-import) */
export function importCycles(graph: Map<string, string[]>): string[][] {
  // Tarjan's strongly connected components, iterative (the graph is a few hundred files deep at most)
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const components: string[][] = [];
  let next = 0;
  for (const root of graph.keys()) {
    if (index.has(root)) continue;
    const work: { node: string; edge: number }[] = [{ node: root, edge: 0 }];
    index.set(root, next);
    low.set(root, next++);
    stack.push(root);
    onStack.add(root);
    while (work.length) {
      const top = work[work.length - 1];
      const edges = graph.get(top.node) ?? [];
      if (top.edge < edges.length) {
        const to = edges[top.edge++];
        if (!index.has(to)) {
          index.set(to, next);
          low.set(to, next++);
          stack.push(to);
          onStack.add(to);
          work.push({ node: to, edge: 0 });
        } else if (onStack.has(to)) low.set(top.node, Math.min(low.get(top.node)!, index.get(to)!));
        continue;
      }
      work.pop();
      if (work.length) {
        const parent = work[work.length - 1].node;
        low.set(parent, Math.min(low.get(parent)!, low.get(top.node)!));
      }
      if (low.get(top.node) === index.get(top.node)) {
        const component: string[] = [];
        let member: string;
        do {
          member = stack.pop()!;
          onStack.delete(member);
          component.push(member);
        } while (member !== top.node);
        const selfImport = (graph.get(top.node) ?? []).includes(top.node);
        if (component.length > 1 || selfImport) components.push(component);
      }
    }
  }
  return components.map((c) => shortestCycle(graph, new Set(c)));
}

/** a shortest path from a component's first file back to itself, within the component */
function shortestCycle(graph: Map<string, string[]>, members: Set<string>): string[] {
  const start = [...members].sort()[0];
  const cameFrom = new Map<string, string>();
  const queue = [start];
  while (queue.length) {
    const node = queue.shift()!;
    for (const to of graph.get(node) ?? []) {
      if (!members.has(to)) continue;
      if (to === start) {
        const cycle = [node];
        while (cycle[0] !== start) cycle.unshift(cameFrom.get(cycle[0])!);
        return [...cycle, start];
      }
      if (!cameFrom.has(to)) {
        cameFrom.set(to, node);
        queue.push(to);
      }
    }
  }
  return [start, start];
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const cycles = importCycles(importGraph(['src', 'renderers']));
  for (const cycle of cycles)
    console.error(`import cycle: ${cycle.map((f) => path.relative(process.cwd(), f)).join(' → ')}`);
  if (cycles.length) {
    console.error(
      `${cycles.length} import cycle(s) (scripts/import-cycles.ts): break each with a leaf module both sides import, or an import() where the part is needed later`,
    );
    process.exit(1);
  }
}
