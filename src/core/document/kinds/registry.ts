import type { DocumentKind } from './kind';
import { dictionaries } from './dictionaries';
import { dictSources } from './dict-sources';
import { entity } from './entity';
import { menus } from './menus';
import { report } from './report';

/**
 * The kinds of document (a document's `kind`), each in kinds/<kind>.ts. A new kind: its file with
 * its meta-schema, register and checks, an entry here, and its place in CHECK_ORDER.
 */
export const DOCUMENT_KINDS: Record<string, DocumentKind> = {
  entity,
  report,
  dictionaries,
  menus,
  dictSources,
};

/**
 * The order of the kinds' cross checks: a source's permission codes and a screen's permission are
 * checked against the entities' prefixes (and the screens') before reports claim theirs.
 */
export const CHECK_ORDER: readonly string[] = ['dictSources', 'entity', 'menus', 'report'];
