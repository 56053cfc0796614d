import { useState } from 'react';
import { Button, Popconfirm, Space } from 'antd';
import { DownOutlined, RightOutlined } from '@ant-design/icons';
import type { GridRights } from './EditableGrid';
import type { Grid } from './use-grid';
import type { GridTree } from './use-grid-tree';
import styles from './EditableGrid.module.css';

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
          工具栏
        </Button>
      )}
      {open && (
        <>
          {rights.add && (
            <>
              <Button type="primary" onClick={() => grid.add()}>
                新增
              </Button>
              <Button disabled={!one} onClick={() => grid.add(true)}>
                插入
              </Button>
              {tree && (
                <Button disabled={!one} onClick={() => void tree.addChild()}>
                  添加下级
                </Button>
              )}
            </>
          )}
          <Button disabled={!movable || !grid.canMove(-1)} onClick={() => grid.move(-1)}>
            上移
          </Button>
          <Button disabled={!movable || !grid.canMove(1)} onClick={() => grid.move(1)}>
            下移
          </Button>
          <Popconfirm
            title={
              tree ? `确定删除选中的${selected.length}行及其下级吗?` : `确定删除选中的${selected.length}行吗?`
            }
            okText="确定"
            cancelText="取消"
            disabled={!removable}
            onConfirm={grid.removeSelected}
          >
            <Button danger disabled={!removable}>
              删除
            </Button>
          </Popconfirm>
        </>
      )}
      {selected.length > 0 && <span className={styles.count}>已选择 {selected.length} 行</span>}
    </Space>
  );
}
