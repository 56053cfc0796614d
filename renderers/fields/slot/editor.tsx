import type { WidgetProps } from '@rjsf/utils';
import { fieldDocOf, formRecord } from '../../form/widgets/field-doc';
import { SlotView } from '../../slots/SlotView';

/** slot in a form: the drawing of the record the form opened with (nothing is typed into a slot) */
export default function SlotEditor({ id, options, registry, value }: WidgetProps) {
  const field = fieldDocOf(options);
  return (
    <div id={id}>
      <SlotView field={field} row={{ ...formRecord(registry), [field.key]: value }} />
    </div>
  );
}
