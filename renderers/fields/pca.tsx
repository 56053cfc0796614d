import { lazy, Suspense } from 'react';
import type { WidgetProps } from '@rjsf/utils';
import { AreaCell } from '../grid/picker-cells';
import { fieldDocOf } from '../form/widgets/field-doc';
import type { FieldRenderer, SearchControlProps } from './types';

// the cascader and selects load with the first form or search box that shows an area
const AreaPicker = lazy(() => import('../pickers/AreaPicker'));

function AreaEditor({ id, value, disabled, readonly, options, placeholder, onChange }: WidgetProps) {
  return (
    <Suspense fallback={null}>
      <AreaPicker
        id={id}
        field={fieldDocOf(options)}
        value={value ? String(value) : undefined}
        placeholder={placeholder}
        disabled={disabled || readonly}
        onChange={onChange}
      />
    </Suspense>
  );
}

/** a search by an area finds it and everything within: its code as a prefix (44* is all of 广东省) */
function AreaSearch({ id, field, value, onChange }: SearchControlProps) {
  const code = typeof value === 'string' && value ? value.replace(/\*$/, '') : undefined;
  return (
    <Suspense fallback={null}>
      <AreaPicker
        id={id}
        // a search is always a cascader (spec 3), stopping at any level
        field={{ ...field, areaType: undefined }}
        anyLevel
        value={code}
        placeholder={`请选择${field.title}`}
        onChange={(c) => onChange?.(c ? `${c}*` : undefined)}
      />
    </Suspense>
  );
}

/** an advanced-query condition compares the area's code itself (以..开始 gives the prefix search) */
function AreaCondition({ id, field, value, onChange }: SearchControlProps) {
  return (
    <Suspense fallback={null}>
      <AreaPicker
        id={id}
        field={{ ...field, areaType: undefined }}
        anyLevel
        value={typeof value === 'string' && value ? value : undefined}
        placeholder={`请选择${field.title}`}
        onChange={(c) => onChange?.(c)}
      />
    </Suspense>
  );
}

/** an area of China: 省/市/区 in a cascader (or three selects); lists show the server's whole path */
export const pca: FieldRenderer = {
  editor: AreaEditor,
  search: AreaSearch,
  condition: AreaCondition,
  gridEditor: AreaCell,
};
