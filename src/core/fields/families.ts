import type { FieldDoc } from '../document/types';
import { messages } from '../validation/presets';
import type { FieldServices, FieldTypeDef } from './types';
import { isHttpUrl, isUploadPath } from './upload-path';

const DEFAULTS: Omit<FieldTypeDef, 'db'> = {
  jsonType: () => 'string',
  multi: () => false,
  picked: false,
  singleChoice: false,
  needsOptions: false,
  search: ['single'],
  shown: true,
  uploads: false,
  toText: (value) => value,
  fromText: (text) => text,
};

/** a field type: one typed value, searched by equality, unless it says otherwise */
export function defineType(def: Partial<FieldTypeDef> & Pick<FieldTypeDef, 'db'>): FieldTypeDef {
  return { ...DEFAULTS, ...def };
}

/** typed text, searched by contains or equality */
export function textType(db: FieldTypeDef['db'], more: Partial<FieldTypeDef> = {}): FieldTypeDef {
  return defineType({ db, search: ['like', 'single'], ...more });
}

/** one value out of the field's dictionary */
export function choiceType(more: Partial<FieldTypeDef> = {}): FieldTypeDef {
  return defineType({
    db: { type: 'string' },
    picked: true,
    singleChoice: true,
    needsOptions: true,
    search: ['single', 'in'],
    ...more,
  });
}

/** several values out of the field's dictionary, kept as a comma list */
export function multiChoiceType(more: Partial<FieldTypeDef> = {}): FieldTypeDef {
  return defineType({
    db: { type: 'string', length: 500 },
    picked: true,
    needsOptions: true,
    multi: () => true,
    search: ['in', 'single'],
    ...more,
  });
}

/** whether the field names its own dictionary, which then decides its values (see crud/verify-values.ts) */
const hasDictionary = (field: FieldDoc) => Boolean(field.dictCode || field.dict || field.options);
const ID = /^[\w-]{1,64}$/;

/**
 * Users or departments chosen in a picker, kept as a comma list of their ids (what the pickers
 * store). With a dictionary of its own the field's dictionary decides instead.
 */
export function pickerType(
  lookup: (services: FieldServices, ids: string[]) => Promise<Set<string>>,
): FieldTypeDef {
  return defineType({
    db: { type: 'string', length: 500 },
    picked: true,
    multi: (field) => field.multi ?? true,
    search: ['in', 'single'],
    check: (ids, field) =>
      hasDictionary(field) || ids.every((id) => ID.test(id)) ? null : messages.notOption(field.title),
    verify: async (ids, field, services) => {
      if (hasDictionary(field)) return null;
      const known = await lookup(services, ids);
      return ids.every((id) => known.has(id)) ? null : messages.notOption(field.title);
    },
  });
}

/**
 * How many files an upload field keeps (fieldExtendJson.uploadnum; 0 is unlimited).
 * A file list keeps the last N when more are added; an image gallery hides its add button at N. An
 * image field that names no count holds one picture (an avatar, a cover).
 */
export function uploadLimit(field: FieldDoc, fallback: number): number {
  return field.fieldExtendJson?.uploadnum ?? fallback;
}

/**
 * Files uploaded through /sys/common/upload or /file/upload, kept as the paths they answered
 * (`<biz>/<name>`, several as a comma list); an image may also be a network address (http or
 * https). Anything else (a path climbing out of the upload root, a javascript: link) is refused, a
 * path must name a stored file, and a field keeps no more than its uploadnum.
 */
export function fileType(opts: {
  /** the count when the field names none (0: unlimited) */
  count: number;
  exts?: readonly string[];
  urls?: boolean;
}): FieldTypeDef {
  const message = opts.urls ? messages.notImage : messages.notUploaded;
  return defineType({
    db: { type: 'string', length: 1000 },
    multi: (field) => uploadLimit(field, opts.count) !== 1,
    uploads: true,
    search: [],
    check: (items, field) => {
      const max = uploadLimit(field, opts.count);
      if (max > 0 && items.length > max) return messages.tooManyFiles(field.title, max);
      return items.every((v) => isUploadPath(v, opts.exts) || (opts.urls && isHttpUrl(v)))
        ? null
        : message(field.title);
    },
    verify: async (items, field, services) => {
      const paths = items.filter((v) => isUploadPath(v, opts.exts));
      const stored = paths.length ? await services.files(paths) : new Set<string>();
      return paths.every((p) => stored.has(p)) ? null : message(field.title);
    },
  });
}
