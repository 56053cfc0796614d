import { useState } from 'react';
import { Button, Popconfirm, Space } from 'antd';
import { DownOutlined, RightOutlined } from '@ant-design/icons';
import type { GridRights } from './EditableGrid';
import type { Grid } from './use-grid';
import type { GridTree } from './use-grid-tree';
import styles from './EditableGrid.module.css';
import { t } from './messages';

interface Props {
  grid: Grid;
  rights: GridRights;
  tree?: GridTree;
}

/**
 * The grid's row actions: 新增, 插入 (below the selected row), 添加下级 in a tree, 上移 / 下移,
 * 删除 after a confirmation. A tree grid's toolbar starts collapsed behind 工具栏.
 */
export function GridToolbar({ grid, rights, tree }: Props) {
  const [open, setOpen] = useState(!tree);
  const { selected } = grid;
  const one = selected.length === 1;
  // a move renumbers saved rows too; removing a saved row deletes a record
  const movable = one && rights.edit;
  const removable = selected.length > 0 && (rights.delete || !selected.some(grid.isSaved));
  return (
    <Space className={styles.toolbar} wrap>
      {tree && (
        <Button
          type="text"
          icon={open ? <DownOutlined /> : <RightOutlined />}
          aria-expanded={open}
          onClick={() => setOpen(!open)}
        >
          {t('toolbar')}
        </Button>
      )}
      {open && (
        <>
          {rights.add && (
            <>
              <Button type="primary" onClick={() => grid.add()}>
                {t('add')}
              </Button>
              <Button disabled={!one} onClick={() => grid.add(true)}>
                {t('insert')}
              </Button>
              {tree && (
                <Button disabled={!one} onClick={() => void tree.addChild()}>
                  {t('addChild')}
                </Button>
              )}
            </>
          )}
          <Button disabled={!movable || !grid.canMove(-1)} onClick={() => grid.move(-1)}>
            {t('moveUp')}
          </Button>
          <Button disabled={!movable || !grid.canMove(1)} onClick={() => grid.move(1)}>
            {t('moveDown')}
          </Button>
          <Popconfirm
            title={t(tree ? 'confirmDeleteTree' : 'confirmDelete', { count: selected.length })}
            okText={t('ok')}
            cancelText={t('cancel')}
            disabled={!removable}
            onConfirm={grid.removeSelected}
          >
            <Button danger disabled={!removable}>
              {t('delete')}
            </Button>
          </Popconfirm>
        </>
      )}
      {selected.length > 0 && (
        <span className={styles.count}>{t('selectedRows', { count: selected.length })}</span>
      )}
    </Space>
  );
}
