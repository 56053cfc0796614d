import { useEffect, useMemo, useState } from 'react';
import type { SelectProps } from 'antd';
import type { EntityDocument, FieldDoc } from '../../src/core/document/types';
import { advancedFields, childFieldKey } from '../../src/core/query/advanced';
import { holdsDocumentMenu } from '../common/use-permissions';
import { popupDocument } from '../pickers/popup-api';
import { useSession } from '../providers';

/** the field select's options: flat for a single table, grouped by table for a master with sub-tables */
export type FieldOptions = NonNullable<SelectProps['options']>;

const optionsOf = (fields: FieldDoc[]) => fields.map((f) => ({ value: f.key, label: f.title }));

/**
 * The fields a condition may name ("Query field definition"): the document's own, then, in a
 * group each, the fields of the sub-tables the user may list, keyed '<child code>,<field key>' and
 * labelled '<child title>-<field title>' (the group itself is not selectable). The server keeps the
 * masters some of whose rows hold such a condition.
 */
export function useQueryFields(doc: EntityDocument) {
  const { menu } = useSession();
  const readable = useMemo(
    () => (doc.children ?? []).filter((c) => holdsDocumentMenu(menu, c.code)),
    [doc, menu],
  );
  const [childFields, setChildFields] = useState<{ title: string; fields: FieldDoc[] }[]>([]);
  useEffect(() => {
    let live = true;
    void Promise.all(
      readable.map(async (c) => {
        const child = await popupDocument(c.code);
        if (!child) return null;
        const fields = advancedFields(child)
          .filter((f) => f.key !== c.foreignKey)
          .map((f) => ({ ...f, key: childFieldKey(c.code, f.key), title: `${child.title}-${f.title}` }));
        return { title: child.title, fields };
      }),
    ).then((groups) => live && setChildFields(groups.filter((g) => g !== null)));
    return () => {
      live = false;
    };
  }, [readable]);

  return useMemo(() => {
    const own = advancedFields(doc);
    const all = [...own, ...childFields.flatMap((g) => g.fields)];
    const options: FieldOptions = childFields.length
      ? [
          { label: doc.title, options: optionsOf(own) },
          ...childFields.map((g) => ({ label: g.title, options: optionsOf(g.fields) })),
        ]
      : optionsOf(own);
    return { all, byKey: new Map(all.map((f) => [f.key, f])), options };
  }, [doc, childFields]);
}
