import type { ReportDocument } from './types';

const PARAM_RE = /(?<!:):([a-z][a-zA-Z0-9_]*)/g;
const WRITE_WORDS =
  /\b(insert|update|delete|merge|drop|alter|create|truncate|grant|revoke|copy|call|do|execute|vacuum|analyze|lock|listen|notify|set|reset|comment|security|into)\b/i;

/** strips string literals and comments so the checks below see only SQL words */
function stripLiterals(sql: string): string {
  return sql
    .replace(/'(?:[^']|'')*'/g, "''")
    .replace(/--[^\n]*/g, ' ')
    .replace(/\/\*[\s\S]*?\*\//g, ' ');
}

/** named parameters (:name) used by a report's SQL, in order of appearance */
export function reportParams(sql: string): string[] {
  return [...stripLiterals(sql).matchAll(PARAM_RE)].map((m) => m[1]);
}

/**
 * A report is one read-only statement. The server also runs it in a READ ONLY transaction;
 * this check gives the author an early, precise message.
 */
export function checkReportSql(r: ReportDocument): string[] {
  const problems: string[] = [];
  const sql = stripLiterals(r.sql).trim();
  if (!/^(select|with)\b/i.test(sql)) problems.push('report SQL must start with SELECT or WITH');
  if (sql.replace(/;\s*$/, '').includes(';')) problems.push('report SQL must be a single statement');
  const w = WRITE_WORDS.exec(sql);
  if (w) problems.push(`report SQL must be read-only (found '${w[1]}')`);
  if (/\$\{|#\{/.test(r.sql))
    problems.push('report SQL uses text substitution; write :name parameters instead');
  const declared = new Set((r.params ?? []).map((p) => p.name));
  for (const p of new Set(reportParams(r.sql)))
    if (!declared.has(p)) problems.push(`parameter ':${p}' is not declared in params`);
  return problems;
}
