import fs from 'node:fs';
import path from 'node:path';
import type { SourceFile } from '../../core/document/load';

/**
 * Every *.json under the schemas folder except the meta-schemas, with paths relative to it, in path
 * order, each with the time it came into being (birth time where the file system keeps one, else its
 * last change): the loader refuses the newer of two documents that claim the same name.
 */
export function readSchemaFiles(dir: string): {
  files: SourceFile[];
  unreadable: { file: string; message: string }[];
} {
  const files: SourceFile[] = [];
  const unreadable: { file: string; message: string }[] = [];
  const walk = (d: string) => {
    for (const entry of fs
      .readdirSync(d, { withFileTypes: true })
      .sort((a, b) => a.name.localeCompare(b.name))) {
      const full = path.join(d, entry.name);
      const rel = path.relative(dir, full);
      if (entry.isDirectory()) {
        if (entry.name !== '_meta') walk(full);
      } else if (entry.name.endsWith('.json')) {
        try {
          const stat = fs.statSync(full);
          const created = stat.birthtimeMs > 0 ? stat.birthtimeMs : stat.mtimeMs;
          files.push({ path: rel, json: JSON.parse(fs.readFileSync(full, 'utf8')), created });
        } catch (e) {
          unreadable.push({ file: rel, message: `not valid JSON: ${(e as Error).message}` });
        }
      }
    }
  };
  walk(dir);
  return { files, unreadable };
}
