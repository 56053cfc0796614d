import { Flex, Radio } from 'antd';
import { UNITS, type UnitChoice, type UnitName } from '../../src/core/cron/model';
import { ModeRow, Num, NumList } from './controls';
import { withChoice, type Tab } from './drafts';

/** how a unit is named in a sentence (每分钟, 从第 0 分钟开始) */
const WORD: Record<UnitName, string> = {
  second: '秒',
  minute: '分钟',
  hour: '小时',
  month: '月',
  year: '年',
};

/** the seconds, minutes, hours, months or years tab: modes 1–4 with the bounds */
export function UnitPanel({
  unit,
  tab,
  onChange,
}: {
  unit: UnitName;
  tab: Tab<UnitChoice>;
  onChange: (tab: Tab<UnitChoice>) => void;
}) {
  const spec = UNITS[unit];
  const word = WORD[unit];
  const { interval, specific, range } = tab.byMode;
  const set = (choice: UnitChoice) => onChange(withChoice(tab, choice));
  return (
    <Radio.Group
      value={tab.mode}
      onChange={(e) => onChange({ ...tab, mode: e.target.value })}
      style={{ width: '100%' }}
    >
      <Flex vertical gap={12}>
        <ModeRow mode="every" label={`每${word}`} />
        <ModeRow mode="interval" label="间隔">
          从第
          <Num
            label={`${spec.label}开始`}
            value={interval.start}
            bounds={spec.start}
            onChange={(start) => set({ ...interval, start })}
          />
          {word}开始，每
          <Num
            label={`${spec.label}间隔`}
            value={interval.step}
            bounds={spec.step}
            onChange={(step) => set({ ...interval, step })}
          />
          {word}执行一次
        </ModeRow>
        <ModeRow mode="specific" label="指定">
          <NumList
            label={`指定${spec.label}`}
            values={specific.values}
            bounds={spec.values}
            onChange={(values) => set({ ...specific, values })}
          />
        </ModeRow>
        <ModeRow mode="range" label="周期">
          从
          <Num
            label={`${spec.label}范围起`}
            value={range.from}
            bounds={spec.values}
            onChange={(from) => set({ ...range, from })}
          />
          到
          <Num
            label={`${spec.label}范围止`}
            value={range.to}
            bounds={spec.values}
            onChange={(to) => set({ ...range, to })}
          />
          {word}
        </ModeRow>
      </Flex>
    </Radio.Group>
  );
}
