/**
 * Lint step (npm run lint): refuses comments and test names that cite documents outside the
 * repository (design notes, stack notes, numbered sections of a specification). A reader of the
 * repository cannot follow them; say what is meant, or point into the repository (a README.md
 * section, a registry file). A line with Chinese text is left alone: quoted Chinese messages are a
 * contract and stay verbatim.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';

const CITATION = new RegExp(
  [String.raw`DESIGN\.md`, String.raw`STACK\.md`, String.raw`STACK trap`, String.raw`\bspec \d`].join('|'),
);
const CHECKED = /\.(ts|tsx|js|css|md)$/;
const CHINESE = /[\u4e00-\u9fff]/;
/** folders being rewritten on other branches; they join the check once they land */
const PENDING = [
  'renderers/system/',
  'renderers/museum/',
  'renderers/production/',
  'renderers/actions/',
  'src/core/actions/',
  'src/server/jobs/',
];
const SELF = 'scripts/citations.ts';

const files = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard'], {
  encoding: 'utf8',
})
  .split('\n')
  .filter((f) => CHECKED.test(f) && f !== SELF && !PENDING.some((p) => f.startsWith(p)) && fs.existsSync(f));
const found: string[] = [];
for (const file of files)
  fs.readFileSync(file, 'utf8')
    .split('\n')
    .forEach((line, i) => {
      if (CITATION.test(line) && !CHINESE.test(line)) found.push(`${file}:${i + 1}: ${line.trim()}`);
    });
for (const f of found) console.error(f);
if (found.length) {
  console.error(
    `${found.length} citation(s) of documents outside the repository (scripts/citations.ts): say what is meant, or point to a README.md section or a registry file`,
  );
  process.exit(1);
}
