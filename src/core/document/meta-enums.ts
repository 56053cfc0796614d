import { ACTION_KIND_NAMES } from '../actions/registry';
import { ACTION_PLACES } from '../actions/types';
import { CODE_LANGUAGES } from '../fields/code';
import { CELL_HANDLERS } from '../validation/cell-handlers';
import { DB_TYPE_NAMES } from '../fields/db-types';
import { FIELD_TYPE_NAMES } from '../fields/registry';
import { SLOT_NAMES } from '../fields/slot';
import { LIST_KIND_NAMES } from './list-kinds';

/**
 * The enums of the entity meta-schema that the registries own: field types, column types, list
 * kinds, code languages, grid cell handlers and action kinds are each registered once in code, and the meta-schema (schemas/_meta/entity.schema.json,
 * read by editors and by the loader's Ajv) is written from them by `npm run schemas:meta`.
 */
export const REGISTERED_ENUMS: Record<string, readonly string[]> = {
  '/$defs/field/properties/type/enum': FIELD_TYPE_NAMES,
  '/$defs/field/properties/dbType/enum': DB_TYPE_NAMES,
  '/properties/list/properties/kind/enum': LIST_KIND_NAMES,
  '/$defs/field/properties/props/properties/language/enum': CODE_LANGUAGES,
  '/$defs/validateRule/properties/handler/enum': CELL_HANDLERS,
  '/$defs/field/properties/slot/enum': SLOT_NAMES,
  '/$defs/action/properties/kind/enum': ACTION_KIND_NAMES,
  '/$defs/actionPlace/enum': ACTION_PLACES,
};

type Json = Record<string, unknown>;

function at(schema: Json, pointer: string): { parent: Json; key: string } {
  const keys = pointer.split('/').slice(1);
  const key = keys.pop()!;
  let parent = schema;
  for (const k of keys) parent = parent[k] as Json;
  return { parent, key };
}

/** where the meta-schema's enums differ from the registries (empty: in step) */
export function metaSchemaDrift(schema: Json): string[] {
  return Object.entries(REGISTERED_ENUMS).flatMap(([pointer, names]) => {
    const { parent, key } = at(schema, pointer);
    const declared = (parent?.[key] ?? []) as string[];
    return JSON.stringify(declared) === JSON.stringify(names)
      ? []
      : [`${pointer} is [${declared.join(', ')}], the registry has [${names.join(', ')}]`];
  });
}

/** the meta-schema with the registries' enums written in */
export function withRegisteredEnums(schema: Json): Json {
  const out = structuredClone(schema);
  for (const [pointer, names] of Object.entries(REGISTERED_ENUMS)) {
    const { parent, key } = at(out, pointer);
    parent[key] = [...names];
  }
  return out;
}
