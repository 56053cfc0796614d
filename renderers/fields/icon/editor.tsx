import type { WidgetProps } from '@rjsf/utils';
import { Select, Space } from 'antd';
import { MENU_ICON_NAMES, MenuIcon } from '../../common/menu-icons';

const OPTIONS = MENU_ICON_NAMES.map((name) => ({
  value: name,
  label: (
    <Space size={6}>
      <MenuIcon name={name} />
      {name}
    </Space>
  ),
}));

/** icon's form editor: the registered menu icons, each drawn beside its name, searched by name */
export default function IconWidget({
  id,
  value,
  disabled,
  readonly,
  placeholder,
  onChange,
  onBlur,
  onFocus,
}: WidgetProps) {
  return (
    <Select
      id={id}
      value={value ?? undefined}
      options={OPTIONS}
      placeholder={placeholder}
      disabled={disabled || readonly}
      allowClear
      showSearch={{ optionFilterProp: 'value' }}
      style={{ width: '100%' }}
      onChange={(v: string | undefined) => onChange(v ?? undefined)}
      onBlur={() => onBlur(id, value)}
      onFocus={() => onFocus(id, value)}
    />
  );
}
