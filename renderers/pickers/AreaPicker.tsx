import { useEffect, useState } from 'react';
import { Cascader, Select, Space, Typography } from 'antd';
import { AREA_ROOT, areaPath, areaTypeOf } from '../../src/core/fields/pca';
import type { FieldDoc } from '../../src/core/document/types';
import { reportThrown } from '../common/failure';
import { areaChildren, withChildren, type AreaOption } from './area-api';
import { t } from './messages';

export interface AreaPickerProps {
  id?: string;
  field: FieldDoc;
  /** the code of the deepest area chosen */
  value?: string;
  onChange: (code: string | undefined) => void;
  placeholder?: string;
  disabled?: boolean;
  /** a search may stop at a province or city (it then finds everything within); a form goes down to a leaf */
  anyLevel?: boolean;
}

/** the provinces, with the levels along the first value's path loaded so its names show at once */
function useAreaTree(initial: string | undefined) {
  const [tree, setTree] = useState<AreaOption[]>([]);
  useEffect(() => {
    let live = true;
    const load = async () => {
      let nodes = await areaChildren(AREA_ROOT);
      for (const code of areaPath(initial ?? '').slice(0, -1))
        nodes = withChildren(nodes, code, await areaChildren(code));
      if (live) setTree(nodes);
    };
    load().catch(reportThrown);
    return () => {
      live = false;
    };
  }, [initial]);
  const expand = async (code: string) => {
    const children = await areaChildren(code);
    setTree((t) => withChildren(t, code, children));
  };
  return { tree, expand };
}

function AreaCascader({ id, value, onChange, placeholder, disabled, anyLevel }: AreaPickerProps) {
  // the first value only: later ones were chosen here, along branches already loaded
  const [initial] = useState(value);
  const { tree, expand } = useAreaTree(initial);
  return (
    <Cascader
      id={id}
      options={tree}
      value={value ? areaPath(value) : undefined}
      loadData={(chosen) => void expand(String(chosen[chosen.length - 1].value)).catch(reportThrown)}
      changeOnSelect={anyLevel}
      placeholder={placeholder}
      disabled={disabled}
      allowClear
      showSearch={false}
      style={{ width: '100%' }}
      onChange={(path) => onChange(path?.length ? String(path[path.length - 1]) : undefined)}
    />
  );
}

/** the name of each level of the three */
const levelName = (level: number) => [t('province'), t('city'), t('district')][level];

/** one select of the three: the areas under its parent, loaded once the parent is chosen */
function LevelSelect(props: {
  id?: string;
  level: number;
  parent: string | undefined;
  value: string | undefined;
  disabled?: boolean;
  onChange: (code: string | undefined) => void;
}) {
  const { parent } = props;
  const [options, setOptions] = useState<AreaOption[]>([]);
  useEffect(() => {
    let live = true;
    if (parent) areaChildren(parent).then((o) => live && setOptions(o), reportThrown);
    return () => {
      live = false;
    };
  }, [parent]);
  return (
    <Select
      id={props.id}
      aria-label={levelName(props.level)}
      value={props.value}
      options={parent ? options : []}
      placeholder={t('choose', { name: levelName(props.level) })}
      disabled={props.disabled || !parent}
      allowClear
      showSearch={{ optionFilterProp: 'label' }}
      style={{ width: '33.4%' }}
      onChange={(v?: string) => props.onChange(v)}
    />
  );
}

/** province, city and district side by side; the field keeps the deepest one chosen */
function AreaSelects({ id, value, onChange, disabled }: AreaPickerProps) {
  const path = areaPath(value ?? '');
  const choose = (level: number) => (code: string | undefined) => onChange(code ?? path[level - 1]);
  return (
    <Space.Compact style={{ width: '100%' }}>
      {[0, 1, 2].map((level) => (
        <LevelSelect
          key={level}
          id={level === 0 ? id : undefined}
          level={level}
          parent={level === 0 ? AREA_ROOT : path[level - 1]}
          value={path[level]}
          disabled={disabled}
          onChange={choose(level)}
        />
      ))}
    </Space.Compact>
  );
}

/**
 * The area picker: a cascader or three selects over the areas of /sys/area/children, a
 * level at a time. An areaType that is neither falls back to the cascader and says 'Bad type'.
 */
export default function AreaPicker(props: AreaPickerProps) {
  const { type, bad } = areaTypeOf(props.field);
  return (
    <>
      {type === 'select' ? <AreaSelects {...props} /> : <AreaCascader {...props} />}
      {bad && <Typography.Text type="danger">Bad type</Typography.Text>}
    </>
  );
}
