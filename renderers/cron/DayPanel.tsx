import { Flex, Radio } from 'antd';
import { DAY, type DayChoice } from '../../src/core/cron/model';
import { ModeRow, Num, NumList, Weekday, Weekdays } from './controls';
import { withChoice, type Tab } from './drafts';

/**
 * The day tab: the 11 day modes in its order. Modes 2, 4, 8 and 11 write the day of
 * week (the day of month becomes ?), the others the day of month (the day of week becomes ?).
 */
export function DayPanel({
  tab,
  onChange,
}: {
  tab: Tab<DayChoice>;
  onChange: (tab: Tab<DayChoice>) => void;
}) {
  const { weekInterval, dayInterval, weekdays, days, lastWeekday, beforeEnd, nearestWorkday, nthWeekday } =
    tab.byMode;
  const set = (choice: DayChoice) => onChange(withChoice(tab, choice));
  return (
    <Radio.Group
      value={tab.mode}
      onChange={(e) => onChange({ ...tab, mode: e.target.value })}
      style={{ width: '100%' }}
    >
      <Flex vertical gap={10}>
        <ModeRow mode="everyDay" label="每日" />
        <ModeRow mode="weekInterval" label="按星期间隔">
          从
          <Weekday
            label="间隔起始星期"
            value={weekInterval.weekday}
            onChange={(weekday) => set({ ...weekInterval, weekday })}
          />
          开始，每
          <Num
            label="星期间隔天数"
            value={weekInterval.step}
            bounds={DAY.weekStep}
            onChange={(step) => set({ ...weekInterval, step })}
          />
          天执行一次
        </ModeRow>
        <ModeRow mode="dayInterval" label="按日间隔">
          从第
          <Num
            label="日开始"
            value={dayInterval.start}
            bounds={DAY.day}
            onChange={(start) => set({ ...dayInterval, start })}
          />
          日开始，每
          <Num
            label="日间隔"
            value={dayInterval.step}
            bounds={DAY.dayStep}
            onChange={(step) => set({ ...dayInterval, step })}
          />
          天执行一次
        </ModeRow>
        <ModeRow mode="weekdays" label="指定星期">
          <Weekdays values={weekdays.weekdays} onChange={(v) => set({ ...weekdays, weekdays: v })} />
        </ModeRow>
        <ModeRow mode="days" label="指定日">
          <NumList
            label="指定日"
            values={days.days}
            bounds={DAY.day}
            onChange={(v) => set({ ...days, days: v })}
          />
        </ModeRow>
        <ModeRow mode="lastDay" label="本月最后一天" />
        <ModeRow mode="lastWorkday" label="本月最后一个工作日" />
        <ModeRow mode="lastWeekday" label="本月最后一个">
          <Weekday
            label="最后一个星期几"
            value={lastWeekday.weekday}
            onChange={(weekday) => set({ ...lastWeekday, weekday })}
          />
        </ModeRow>
        <ModeRow mode="beforeEnd" label="本月底前">
          <Num
            label="月底前天数"
            value={beforeEnd.days}
            bounds={DAY.beforeEnd}
            onChange={(n) => set({ ...beforeEnd, days: n })}
          />
          天
        </ModeRow>
        <ModeRow mode="nearestWorkday" label="最近的工作日">
          离本月第
          <Num
            label="最近工作日的日"
            value={nearestWorkday.day}
            bounds={DAY.day}
            onChange={(day) => set({ ...nearestWorkday, day })}
          />
          日最近的工作日（周一至周五）
        </ModeRow>
        <ModeRow mode="nthWeekday" label="本月第">
          <Num
            label="第几个"
            value={nthWeekday.nth}
            bounds={DAY.nth}
            onChange={(nth) => set({ ...nthWeekday, nth })}
          />
          个
          <Weekday
            label="第几个星期几"
            value={nthWeekday.weekday}
            onChange={(weekday) => set({ ...nthWeekday, weekday })}
          />
        </ModeRow>
      </Flex>
    </Radio.Group>
  );
}
