/**
 * Documents carry a schemaVersion; an older document is upgraded on load by registered steps,
 * never by hand. Step N turns a version-N document into version N+1. A document written for a
 * newer program is refused: this one would misread what it does not know.
 */
export const CURRENT_SCHEMA_VERSION = 1;

const steps: Record<number, (doc: Record<string, unknown>) => Record<string, unknown>> = {};

export function upgradeDocument(
  doc: Record<string, unknown>,
): { doc: Record<string, unknown> } | { error: string } {
  const declared = doc.schemaVersion ?? 1;
  // anything but a whole number from 1 is the meta-schema's to report
  if (!Number.isInteger(declared) || (declared as number) < 1) return { doc };
  let version = declared as number;
  if (version > CURRENT_SCHEMA_VERSION)
    return {
      error: `schemaVersion ${version} is newer than this program understands (${CURRENT_SCHEMA_VERSION}): update the program, or write the document for version ${CURRENT_SCHEMA_VERSION}`,
    };
  let out = doc;
  while (version < CURRENT_SCHEMA_VERSION) {
    out = steps[version](out);
    version += 1;
  }
  return { doc: { ...out, schemaVersion: CURRENT_SCHEMA_VERSION } };
}
