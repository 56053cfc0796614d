import { CaretDownOutlined, CaretRightOutlined, LoadingOutlined } from '@ant-design/icons';
import { t } from './messages';

/** px of indent per tree level */
const INDENT = 20;

/** where a tree node stands: no children, children hidden, shown, or being fetched */
export type NodeState = 'leaf' | 'collapsed' | 'expanded' | 'loading';

interface Props {
  depth: number;
  state: NodeState;
  /** the node's name, for the button's label (展开 兽面纹铜鼎) */
  name: string;
  onToggle: () => void;
}

/**
 * The indent and expand button before a tree row's first cell, in the tree list and the tree grid
 * ("Expandable tree table"); a leaf keeps the button's room so the names line up.
 */
export function TreeToggle({ depth, state, name, onToggle }: Props) {
  const icon =
    state === 'loading' ? (
      <LoadingOutlined />
    ) : state === 'expanded' ? (
      <CaretDownOutlined />
    ) : (
      <CaretRightOutlined />
    );
  return (
    <span
      style={{ display: 'inline-flex', alignItems: 'center', paddingLeft: depth * INDENT, marginRight: 4 }}
    >
      {state === 'leaf' ? (
        <span style={{ width: 22, height: 22 }} />
      ) : (
        <button
          type="button"
          className="tree-toggle"
          aria-label={t(state === 'collapsed' ? 'expandRow' : 'collapseRow', { name })}
          aria-expanded={state !== 'collapsed'}
          onClick={onToggle}
          style={{
            width: 22,
            height: 22,
            border: 0,
            background: 'transparent',
            cursor: 'pointer',
            padding: 0,
          }}
        >
          {icon}
        </button>
      )}
    </span>
  );
}
