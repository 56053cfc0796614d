import type { WidgetProps } from '@rjsf/utils';
import { Typography } from 'antd';
import { CONDITION_MESSAGE, jsonCondition } from '../../src/core/fields/json-condition';
import { TreeCell } from '../grid/picker-cells';
import { DictTreeSelect, TreeSelectWidget } from '../form/widgets/TreeSelectWidget';
import { fieldDocOf } from '../form/widgets/field-doc';
import type { FieldRenderer, SearchControlProps } from './types';

/**
 * A category, chosen in the category tree. A condition that is no JSON object string says so in
 * red instead of offering a tree it cannot narrow (spec 5.7; schemas:check refuses such a document).
 */
function CategoryEditor(props: WidgetProps) {
  if (!jsonCondition(fieldDocOf(props.options).condition))
    return <Typography.Text type="danger">{CONDITION_MESSAGE}</Typography.Text>;
  return <TreeSelectWidget {...props} />;
}

function CategorySearch({ id, field, value, onChange }: SearchControlProps) {
  return (
    <DictTreeSelect
      id={id}
      field={field}
      value={value}
      placeholder={`请选择${field.title}`}
      onChange={(v) => onChange?.(v)}
    />
  );
}

/** a node of the category tree (sys_category), searched by the node chosen */
export const catTree: FieldRenderer = {
  editor: CategoryEditor,
  search: CategorySearch,
  gridEditor: TreeCell,
};
