import type { WidgetProps } from '@rjsf/utils';
import { Typography } from 'antd';
import { CONDITION_MESSAGE, jsonCondition } from '../../../src/core/fields/json-condition';
import { TreeSelectWidget } from '../../form/widgets/TreeSelectWidget';
import { fieldDocOf } from '../../form/widgets/field-doc';

/**
 * cat_tree's form editor: a category, chosen in the category tree (sys_category). A condition that
 * is no JSON object string says so in red instead of offering a tree it cannot narrow
 * (schemas:check refuses such a document).
 */
export default function CategoryEditor(props: WidgetProps) {
  if (!jsonCondition(fieldDocOf(props.options).condition))
    return <Typography.Text type="danger">{CONDITION_MESSAGE}</Typography.Text>;
  return <TreeSelectWidget {...props} />;
}
