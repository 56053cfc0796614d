import fs from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';

/** where the build leaves its chunk graph: beside the project, not in dist/ (the server serves dist/) */
export const BUILD_GRAPH = '.tmp/build-graph.json';

/** one chunk of the build: the chunks it imports at load, those it loads later, the source modules it holds */
export interface BuiltChunk {
  /** the module it is the entry of (a page, a lazily loaded screen or part), relative to the project */
  entry?: string;
  imports: string[];
  dynamicImports: string[];
  modules: string[];
}

/**
 * Writes the build's chunk graph to .tmp/build-graph.json (chunk file → its imports and source
 * modules), so a test can tell what a first visit to a page loads (tests/e2e/first-visit-split.spec.ts):
 * Vite's own manifest names chunks, not the modules inside them.
 */
export function buildGraph(): Plugin {
  let root = process.cwd();
  return {
    name: 'build-graph',
    apply: 'build',
    configResolved(config) {
      root = config.root;
    },
    generateBundle(_options, bundle) {
      const relative = (id: string) => path.relative(root, id.replace(/\?.*$/, '')).split(path.sep).join('/');
      const graph: Record<string, BuiltChunk> = {};
      for (const [file, chunk] of Object.entries(bundle)) {
        if (chunk.type !== 'chunk') continue;
        graph[file] = {
          entry: chunk.facadeModuleId ? relative(chunk.facadeModuleId) : undefined,
          imports: chunk.imports,
          dynamicImports: chunk.dynamicImports,
          modules: Object.keys(chunk.modules).map(relative),
        };
      }
      fs.mkdirSync(path.dirname(path.join(root, BUILD_GRAPH)), { recursive: true });
      fs.writeFileSync(path.join(root, BUILD_GRAPH), JSON.stringify(graph));
    },
  };
}
