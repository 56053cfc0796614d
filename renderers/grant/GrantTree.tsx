import { FilterOutlined } from '@ant-design/icons';
import { Button, Checkbox, Space, theme, Tooltip, Tree, type TreeDataNode } from 'antd';
import { useMemo, useState } from 'react';
import { allKeys, halfCheckedKeys, parentKeys, toggleLinked, type GrantNode } from './grant-keys';
import { t } from './messages';

interface Props {
  nodes: readonly GrantNode[];
  /** the ids that will be granted */
  value: ReadonlySet<string>;
  onChange: (next: Set<string>) => void;
  /** when given, a menu with data rules can be clicked to choose among its rules */
  onRuleNode?: (node: GrantNode) => void;
}

interface Shown extends TreeDataNode {
  source: GrantNode;
  children?: Shown[];
}

function toShown(nodes: readonly GrantNode[]): Shown[] {
  return nodes.map((n) => ({
    key: n.key,
    title: n.title,
    source: n,
    children: n.children?.length ? toShown(n.children) : undefined,
  }));
}

/**
 * The checkable menu-and-button tree of 授权 (roles and departments), with 全部勾选 / 取消全选,
 * 展开所有 / 合并所有 and 父子关联. Off (the default, as upstream), every node is checked on its
 * own, so a menu can be granted without its buttons; on, checking a node checks its subtree and
 * the groups above it. Either way the boxes show exactly what will be granted.
 */
export function GrantTree({ nodes, value, onChange, onRuleNode }: Props) {
  const { token } = theme.useToken();
  const [linked, setLinked] = useState(false);
  // the groups open, so every menu shows; its buttons open on demand (or with 展开所有)
  const [expanded, setExpanded] = useState<string[]>(() =>
    nodes.filter((n) => n.children?.length).map((n) => n.key),
  );
  const treeData = useMemo(() => toShown(nodes), [nodes]);
  const checkedKeys = useMemo(
    () => ({ checked: [...value], halfChecked: halfCheckedKeys(nodes, value) }),
    [nodes, value],
  );

  return (
    <div>
      <Space wrap style={{ marginBottom: 12 }}>
        <Button size="small" onClick={() => onChange(new Set(allKeys(nodes)))}>
          {t('checkAll')}
        </Button>
        <Button size="small" onClick={() => onChange(new Set())}>
          {t('uncheckAll')}
        </Button>
        <Button size="small" onClick={() => setExpanded(parentKeys(nodes))}>
          {t('expandAll')}
        </Button>
        <Button size="small" onClick={() => setExpanded([])}>
          {t('collapseAll')}
        </Button>
        <Tooltip title={t('linkedHint')}>
          <Checkbox checked={linked} onChange={(e) => setLinked(e.target.checked)}>
            {t('linked')}
          </Checkbox>
        </Tooltip>
      </Space>
      <Tree<Shown>
        checkable
        blockNode
        checkStrictly
        treeData={treeData}
        checkedKeys={checkedKeys}
        expandedKeys={expanded}
        onExpand={(keys) => setExpanded(keys.map(String))}
        onCheck={(_, info) => {
          const key = String(info.node.key);
          if (linked) onChange(toggleLinked(nodes, value, key, info.checked));
          else {
            const next = new Set(value);
            if (info.checked) next.add(key);
            else next.delete(key);
            onChange(next);
          }
        }}
        selectable={Boolean(onRuleNode)}
        selectedKeys={[]}
        onSelect={(_, info) => {
          if (info.node.source.ruleFlag) onRuleNode?.(info.node.source);
        }}
        titleRender={(node) =>
          onRuleNode && node.source.ruleFlag ? (
            <span>
              {node.source.title}
              <Tooltip title={t('chooseDataRules')}>
                <FilterOutlined
                  aria-label={t('dataRules')}
                  style={{ marginLeft: 6, color: token.colorPrimary }}
                />
              </Tooltip>
            </span>
          ) : (
            node.source.title
          )
        }
      />
    </div>
  );
}
