import { Flex, Radio } from 'antd';
import { UNITS, type UnitChoice, type UnitName } from '../../src/core/cron/model';
import { ModeRow, Num, NumList } from './controls';
import { withChoice, type Tab } from './drafts';
import { t } from './messages';

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
  // the unit as its tab names it (分) labels the controls; in a sentence it is a word (每分钟, 从第 0 分钟开始)
  const label = t(unit);
  const word = t(`${unit}Word` as const);
  const { interval, specific, range } = tab.byMode;
  const set = (choice: UnitChoice) => onChange(withChoice(tab, choice));
  return (
    <Radio.Group
      value={tab.mode}
      onChange={(e) => onChange({ ...tab, mode: e.target.value })}
      style={{ width: '100%' }}
    >
      <Flex vertical gap={12}>
        <ModeRow mode="every" label={t('every', { unit: word })} />
        <ModeRow mode="interval" label={t('interval')}>
          {t('fromNth')}
          <Num
            label={t('unitStart', { unit: label })}
            value={interval.start}
            bounds={spec.start}
            onChange={(start) => set({ ...interval, start })}
          />
          {t('unitStartEvery', { unit: word })}
          <Num
            label={t('unitStep', { unit: label })}
            value={interval.step}
            bounds={spec.step}
            onChange={(step) => set({ ...interval, step })}
          />
          {t('unitRunOnce', { unit: word })}
        </ModeRow>
        <ModeRow mode="specific" label={t('specific')}>
          <NumList
            label={t('specificUnit', { unit: label })}
            values={specific.values}
            bounds={spec.values}
            onChange={(values) => set({ ...specific, values })}
          />
        </ModeRow>
        <ModeRow mode="range" label={t('range')}>
          {t('from')}
          <Num
            label={t('rangeFrom', { unit: label })}
            value={range.from}
            bounds={spec.values}
            onChange={(from) => set({ ...range, from })}
          />
          {t('to')}
          <Num
            label={t('rangeTo', { unit: label })}
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
