import type { AppContext } from '../context';

/** a JSON schema (draft 2020-12 subset ajv reads) for a job's 参数 */
export type ParamsSchema = Record<string, unknown>;

/** what a run is given besides its parameters */
export interface RunContext {
  ctx: AppContext;
  /** aborted when the kind's timeout passes: the work should stop there */
  signal: AbortSignal;
  /** the user who pressed 立即执行, or null for a scheduled tick */
  manualBy: { id: string; username: string } | null;
}

/**
 * A kind of job (定时任务's 任务类名): registered once in registry.ts, offered by the 任务类名
 * dictionary, its 参数 checked against `params` on add, edit, 启动 and 立即执行.
 */
export interface JobKind<P = Record<string, unknown>> {
  /** the value 任务类名 holds */
  name: string;
  /** the dictionary's text */
  title: string;
  description: string;
  params: ParamsSchema;
  /** a run still going after this long is abandoned and recorded as failed */
  timeoutSeconds: number;
  /** resolves to the run's message (what it did); throws to fail the run */
  run(params: P, run: RunContext): Promise<string>;
}

/** a kind whose params type is its own; the registry holds them all alike */
export function jobKind<P>(kind: JobKind<P>): JobKind {
  return kind as unknown as JobKind;
}
