import type { WidgetProps } from '@rjsf/utils';
import { Input } from 'antd';
import { displayText } from '../../../src/core/fields/registry';
import { fieldDocOf } from './field-doc';

/** a value in a detail, as its field type shows it (the list's text), in the look of a read-only input */
export function DisplayWidget({ id, value, options }: WidgetProps) {
  return <Input id={id} value={displayText(fieldDocOf(options), value)} disabled style={{ width: '100%' }} />;
}
