/**
 * A V8 .cpuprofile summarised per request: the process's CPU (samples that are not idle), the top
 * functions by self time, our own functions (src/) by total time (each counted once per sample,
 * however deep it recurses), and self time by package. Used by tests/perf/profile.ts; also runnable
 * on a kept profile: npx tsx tests/perf/cpu-summary.ts <file.cpuprofile> <requests>.
 */
import fs from 'node:fs';

interface CallFrame {
  functionName: string;
  url: string;
  lineNumber: number;
}
interface ProfileNode {
  id: number;
  callFrame: CallFrame;
  children?: number[];
}
export interface CpuProfile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
  startTime: number;
  endTime: number;
}

const IDLE = new Set(['(idle)', '(program)', '(garbage collector)']);

function where(f: CallFrame): string {
  const url = f.url.replace(/^file:\/\//, '');
  const nm = url.lastIndexOf('node_modules/');
  const short =
    nm >= 0
      ? url.slice(nm + 13)
      : url.includes('/src/')
        ? url.slice(url.indexOf('/src/') + 1)
        : url || '(native)';
  return `${f.functionName || '(anonymous)'} ${short}${f.url ? `:${f.lineNumber + 1}` : ''}`;
}

function pkg(f: CallFrame): string {
  const url = f.url.replace(/^file:\/\//, '');
  const nm = url.lastIndexOf('node_modules/');
  if (nm >= 0) {
    const rest = url.slice(nm + 13).split('/');
    return rest[0].startsWith('@') ? `${rest[0]}/${rest[1]}` : rest[0];
  }
  if (url.includes('/src/')) return 'ours (src/)';
  if (url.startsWith('node:')) return 'node core';
  return f.functionName.startsWith('(') ? f.functionName : '(native/V8)';
}

export function summarise(p: CpuProfile, requests: number, top = 25): string[] {
  const byId = new Map(p.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const n of p.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const self = new Map<string, number>();
  const total = new Map<string, number>();
  const packages = new Map<string, number>();
  let busy = 0;
  let gc = 0;
  /** AsyncLocalStorage's promise hooks (db/scope.ts), and tsx's keepNames helper run at each closure made */
  let hooks = 0;
  let names = 0;
  const add = (m: Map<string, number>, k: string, v: number) => m.set(k, (m.get(k) ?? 0) + v);
  for (let i = 0; i < p.samples.length; i++) {
    // the sample's time is the delta to the next sample
    const dt = p.timeDeltas[i + 1] ?? 0;
    const node = byId.get(p.samples[i])!;
    const name = node.callFrame.functionName;
    if (name === '(garbage collector)') gc += dt;
    if (IDLE.has(name) && name !== '(garbage collector)') continue;
    busy += dt;
    if (node.callFrame.url.includes('async_hooks')) hooks += dt;
    if (node.callFrame.functionName === '__name') names += dt;
    add(self, where(node.callFrame), dt);
    add(packages, pkg(node.callFrame), dt);
    const seen = new Set<string>();
    for (let id: number | undefined = node.id; id !== undefined; id = parent.get(id)) {
      const f = byId.get(id)!.callFrame;
      if (!f.url.includes('/src/') || f.url.includes('node_modules')) continue;
      const k = where(f);
      if (!seen.has(k)) {
        seen.add(k);
        add(total, k, dt);
      }
    }
  }
  const us = (v: number) => (v / requests).toFixed(1).padStart(7);
  const pc = (v: number) => `${((v / busy) * 100).toFixed(1).padStart(5)}%`;
  const rows = (m: Map<string, number>, n: number) =>
    [...m.entries()]
      .sort((a, b) => b[1] - a[1])
      .slice(0, n)
      .map(([k, v]) => `  ${us(v)} µs ${pc(v)}  ${k}`);
  return [
    `  CPU busy ${(busy / 1000).toFixed(0)} ms of ${((p.endTime - p.startTime) / 1000).toFixed(0)} ms: ${us(busy)} µs per request (GC ${us(gc)} µs)`,
    `  self time in async_hooks (AsyncLocalStorage's promise hooks): ${us(hooks)} µs; in __name (tsx keepNames, per closure made): ${us(names)} µs`,
    '  self time by package:',
    ...rows(packages, 12),
    '  self time, top functions:',
    ...rows(self, top),
    '  total time, our functions (src/):',
    ...rows(total, top),
  ];
}

if (process.argv[1]?.endsWith('cpu-summary.ts') && process.argv[2]) {
  const lines = summarise(
    JSON.parse(fs.readFileSync(process.argv[2], 'utf8')) as CpuProfile,
    Number(process.argv[3] ?? 1),
    Number(process.argv[4] ?? 40),
  );
  console.log(lines.join('\n'));
}
