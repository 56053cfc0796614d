/**
 * Documents carry a schemaVersion; an older document is upgraded on load by registered steps,
 * never by hand. Step N turns a version-N document into version N+1.
 */
export const CURRENT_SCHEMA_VERSION = 1;

const steps: Record<number, (doc: Record<string, unknown>) => Record<string, unknown>> = {};

export function upgradeDocument(doc: Record<string, unknown>): Record<string, unknown> {
  let version = typeof doc.schemaVersion === 'number' ? doc.schemaVersion : 1;
  let out = doc;
  while (version < CURRENT_SCHEMA_VERSION) {
    out = steps[version](out);
    version += 1;
  }
  return { ...out, schemaVersion: CURRENT_SCHEMA_VERSION };
}
