import { useEffect, useMemo } from 'react';
import { Button, Empty, Popconfirm } from 'antd';
import type { DictOption } from '../common/dict';
import type { GridRights } from './EditableGrid';
import { editorOf } from './editors';
import { cellKey, isRequiredCell } from './grid-model';
import type { Grid } from './use-grid';
import gridStyles from './EditableGrid.module.css';
import styles from './OneRowForm.module.css';
import { t } from './messages';

interface Props {
  grid: Grid;
  options: Record<string, DictOption[]>;
  /** a prefix of the inputs' ids, unique in the page */
  name: string;
  /** the sub-table's title: 填写保险信息, 暂无保险信息 */
  title: string;
  readOnly: boolean;
  rights: GridRights;
}

/**
 * A one-to-one sub-table (`relation: 'one'`) on the master's tab form: its one row as a form of
 * labelled fields, the grid's editors and rules underneath (so it saves, checks and shows server
 * errors as a grid does). Without a row it offers 填写; 清除 removes the row after a confirmation.
 */
export function OneRowForm({ grid, options, name, title, readOnly, rights }: Props) {
  const { fields, errors } = grid;
  const editors = useMemo(() => fields.map(editorOf), [fields]);
  const row = grid.rows[0];
  useEffect(() => {
    grid.reveal.current = ({ key }) =>
      requestAnimationFrame(() => document.getElementById(`${name}_0_${key}`)?.focus());
  });

  if (!row)
    return (
      <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('none', { title })}>
        {!readOnly && rights.add && (
          <Button type="primary" onClick={() => grid.add()}>
            {t('fill', { title })}
          </Button>
        )}
      </Empty>
    );

  const saved = grid.isSaved(row.id);
  const editable = !readOnly && (rights.edit || !saved);
  return (
    <div className={styles.form}>
      {fields.map((f, i) => {
        const Editor = editors[i];
        const message = errors[cellKey(row.id, f.key)];
        const id = `${name}_0_${f.key}`;
        return (
          <div key={f.key} className={styles.item} data-field={`${name}:${f.key}`}>
            <label htmlFor={id} className={styles.label}>
              {isRequiredCell(f) && <span className={gridStyles.star}>*</span>}
              {f.title}
            </label>
            <div className={styles.control}>
              <Editor
                id={id}
                field={f}
                value={row[f.key]}
                options={options[f.key]}
                invalid={Boolean(message)}
                disabled={!editable || f.readonly}
                row={row}
                onChange={(v) => grid.setCell(row.id, f.key, v)}
                onFill={(values) => Object.entries(values).forEach(([k, v]) => grid.setCell(row.id, k, v))}
                onBlur={() => grid.blurred(row.id, f.key)}
              />
              {message && (
                <div className={styles.error} role="alert">
                  {message}
                </div>
              )}
            </div>
          </div>
        );
      })}
      {!readOnly && (rights.delete || !saved) && (
        <div className={styles.actions}>
          <Popconfirm
            title={t(saved ? 'confirmClearSaved' : 'confirmClear', { title })}
            okText={t('ok')}
            cancelText={t('cancel')}
            onConfirm={() => {
              grid.select([row.id]);
              grid.removeSelected();
            }}
          >
            <Button danger>{t('clear', { title })}</Button>
          </Popconfirm>
        </div>
      )}
    </div>
  );
}
