import { lazy, Suspense } from 'react';
import { Input } from 'antd';

const Picker = lazy(() => import('./SearchDatePicker'));

/** what the search form's Form.Item passes to a date control (values are dayjs objects) */
export type DateKind = 'date' | 'datetime' | 'time';

export interface SearchDateProps {
  id: string;
  kind: DateKind;
  range: boolean;
  format: string;
  value?: unknown;
  onChange?: (value: unknown) => void;
}

/** A date, date-time or time search control (single or range) that loads the picker on demand. */
export function SearchDate(props: SearchDateProps) {
  return (
    <Suspense fallback={<Input id={props.id} disabled style={{ width: '100%' }} />}>
      <Picker {...props} />
    </Suspense>
  );
}
