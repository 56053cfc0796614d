import { useState } from 'react';
import { Empty, Input, Modal, Spin, Tree } from 'antd';
import { reportThrown } from '../common/failure';
import { searchDeparts, type DepartNode } from './depart-api';
import { PickedSummary } from './PickedSummary';
import { toggle, type Picked, type PickerModalProps } from './picked';
import { useDepartTree } from './use-depart-tree';
import { t } from './messages';

/** a search's departments in place of the tree; `message` when none matched */
interface Found {
  nodes: DepartNode[];
  message?: string;
}

/**
 * 选择部门: the department tree with a check per department (a parent and its children
 * are chosen independently: people belong to the department they are put in). Enter in the search
 * box asks the server for departments whose name contains the words; an empty search shows the
 * tree again. Checks made in either view are kept.
 */
export default function DepartPickerModal({ multiple, value, onOk, onCancel }: PickerModalProps) {
  const tree = useDepartTree();
  const [found, setFound] = useState<Found | null>(null);
  const [searching, setSearching] = useState(false);
  const [picked, setPicked] = useState<Picked[]>(value);
  const checked = new Set(picked.map((p) => p.value));

  const search = async (words: string) => {
    if (!words.trim()) return setFound(null);
    setSearching(true);
    try {
      setFound(await searchDeparts(words.trim()));
    } catch (e) {
      reportThrown(e);
    } finally {
      setSearching(false);
    }
  };

  const flip = (node: DepartNode) =>
    setPicked((p) => toggle(p, { value: node.value, label: node.title }, !checked.has(node.value), multiple));

  const shown = found?.nodes ?? tree;
  return (
    <Modal
      title={t('chooseDepart')}
      open
      width={500}
      okText={t('ok')}
      cancelText={t('cancel')}
      onOk={() => onOk(picked)}
      onCancel={onCancel}
      mask={{ closable: false }}
    >
      <Input.Search
        placeholder={t('departSearch')}
        aria-label={t('departName')}
        allowClear
        loading={searching}
        onSearch={(words) => void search(words)}
        style={{ marginBottom: 8 }}
      />
      <div style={{ height: 360, overflow: 'auto' }}>
        {!shown ? (
          <Spin style={{ display: 'block', padding: 48 }} />
        ) : shown.length ? (
          <Tree<DepartNode>
            // a new search expands its own results
            key={found ? 'found' : 'tree'}
            checkable
            checkStrictly
            blockNode
            defaultExpandAll
            treeData={shown}
            checkedKeys={{ checked: [...checked], halfChecked: [] }}
            selectedKeys={[]}
            onCheck={(_keys, info) => flip(info.node)}
            onSelect={(_keys, info) => flip(info.node)}
          />
        ) : (
          <Empty description={found?.message ?? t('noDepart')} />
        )}
      </div>
      <PickedSummary picked={picked} unit={t('departUnit')} />
    </Modal>
  );
}
