import { useEffect, useState, type ReactNode } from 'react';
import type { WidgetProps } from '@rjsf/utils';
import { fieldDocOf, formRecord } from './field-doc';
import { TreeSelect } from 'antd';
import type { FieldDoc } from '../../../src/core/document/types';
import { TREE_ROOT_PID } from '../../list/tree-rows';
import { dictionaries } from '../../server/system';
import { t } from '../messages';

interface TreeNode {
  key: string;
  value: string;
  title: string;
  isLeaf: boolean;
  children?: TreeNode[];
}

function withChildren(nodes: TreeNode[], key: string, children: TreeNode[]): TreeNode[] {
  return nodes.map((n) =>
    n.key === key
      ? { ...n, children, isLeaf: children.length === 0 }
      : n.children
        ? { ...n, children: withChildren(n.children, key, children) }
        : n,
  );
}

function findTitle(nodes: TreeNode[], value: string): string | undefined {
  for (const n of nodes) {
    if (n.value === value) return n.title;
    const inner = n.children && findTitle(n.children, value);
    if (inner) return inner;
  }
  return undefined;
}

/** one level of a table-dictionary tree (pid empty = the roots); a node with no children becomes a leaf */
async function loadLevel(field: FieldDoc, pid: string): Promise<TreeNode[]> {
  const d = field.dict!;
  const res = await dictionaries.treeLevel<TreeNode[]>({
    pid,
    tableName: d.table,
    text: d.text,
    code: d.code,
    pidField: d.pidField ?? 'pid',
    hasChildField: d.hasChildField,
    condition: d.condition ? JSON.stringify(d.condition) : undefined,
  });
  if (!res.success) {
    console.warn(t('treeDictFailed', { table: d.table }), res.message);
    return [];
  }
  return res.result.map((n) => ({ key: n.key, value: n.value, title: n.title, isLeaf: n.isLeaf }));
}

interface DictTreeSelectProps {
  id?: string;
  field: FieldDoc;
  value: unknown;
  /** the chosen node's name until its branch is loaded (a record's `<key>_dictText`) */
  knownLabel?: string;
  placeholder?: string;
  disabled?: boolean;
  onChange: (value: string | undefined) => void;
}

/**
 * An antd TreeSelect over the field's table-dictionary tree (/sys/dict/loadTreeData), loading
 * children on first expand: the editor of sel_tree and cat_tree, and cat_tree's search control.
 */
export function DictTreeSelect({
  id,
  field,
  value,
  knownLabel,
  placeholder,
  disabled,
  onChange,
}: DictTreeSelectProps) {
  const [tree, setTree] = useState<TreeNode[]>([]);

  useEffect(() => {
    let live = true;
    void loadLevel(field, '').then((roots) => live && setTree(roots));
    return () => {
      live = false;
    };
  }, [field]);

  // a top-level node of a tree document holds the root pid: it has no parent to show
  const current = value && String(value) !== TREE_ROOT_PID ? String(value) : undefined;
  const label = current && (findTitle(tree, current) ?? knownLabel ?? current);

  return (
    <TreeSelect
      id={id}
      labelInValue
      value={current ? { value: current, label } : undefined}
      treeData={tree}
      loadData={async (node) => {
        const key = String(node.value);
        const children = await loadLevel(field, key);
        setTree((t) => withChildren(t, key, children));
      }}
      placeholder={placeholder}
      disabled={disabled}
      allowClear
      style={{ width: '100%' }}
      listHeight={400}
      // a tree select shows at most 2 tags
      maxTagCount={2}
      onChange={(v?: { value: string; label?: ReactNode }) => onChange(v?.value)}
    />
  );
}

/** sel_tree's form editor: until the chosen node's branch is loaded, its label is the record's `<key>_dictText` */
export function TreeSelectWidget({
  id,
  value,
  disabled,
  readonly,
  options,
  placeholder,
  registry,
  onChange,
}: WidgetProps) {
  const field = fieldDocOf(options);
  const record = formRecord(registry);
  return (
    <DictTreeSelect
      id={id}
      field={field}
      value={value}
      knownLabel={
        record?.[field.key] === value ? (record?.[`${field.key}_dictText`] as string | undefined) : undefined
      }
      placeholder={placeholder}
      disabled={disabled || readonly}
      onChange={onChange}
    />
  );
}
