import { Flex, Radio } from 'antd';
import { DAY, type DayChoice } from '../../src/core/cron/model';
import { ModeRow, Num, NumList, Weekday, Weekdays } from './controls';
import { withChoice, type Tab } from './drafts';
import { t } from './messages';

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
        <ModeRow mode="everyDay" label={t('everyDay')} />
        <ModeRow mode="weekInterval" label={t('weekInterval')}>
          {t('from')}
          <Weekday
            label={t('weekStart')}
            value={weekInterval.weekday}
            onChange={(weekday) => set({ ...weekInterval, weekday })}
          />
          {t('startEvery')}
          <Num
            label={t('weekStep')}
            value={weekInterval.step}
            bounds={DAY.weekStep}
            onChange={(step) => set({ ...weekInterval, step })}
          />
          {t('daysRunOnce')}
        </ModeRow>
        <ModeRow mode="dayInterval" label={t('dayInterval')}>
          {t('fromNth')}
          <Num
            label={t('dayStart')}
            value={dayInterval.start}
            bounds={DAY.day}
            onChange={(start) => set({ ...dayInterval, start })}
          />
          {t('dayStartEvery')}
          <Num
            label={t('dayStep')}
            value={dayInterval.step}
            bounds={DAY.dayStep}
            onChange={(step) => set({ ...dayInterval, step })}
          />
          {t('daysRunOnce')}
        </ModeRow>
        <ModeRow mode="weekdays" label={t('weekdays')}>
          <Weekdays values={weekdays.weekdays} onChange={(v) => set({ ...weekdays, weekdays: v })} />
        </ModeRow>
        <ModeRow mode="days" label={t('days')}>
          <NumList
            label={t('days')}
            values={days.days}
            bounds={DAY.day}
            onChange={(v) => set({ ...days, days: v })}
          />
        </ModeRow>
        <ModeRow mode="lastDay" label={t('lastDay')} />
        <ModeRow mode="lastWorkday" label={t('lastWorkday')} />
        <ModeRow mode="lastWeekday" label={t('lastWeekday')}>
          <Weekday
            label={t('lastWeekdayOf')}
            value={lastWeekday.weekday}
            onChange={(weekday) => set({ ...lastWeekday, weekday })}
          />
        </ModeRow>
        <ModeRow mode="beforeEnd" label={t('beforeEnd')}>
          <Num
            label={t('beforeEndDays')}
            value={beforeEnd.days}
            bounds={DAY.beforeEnd}
            onChange={(n) => set({ ...beforeEnd, days: n })}
          />
          {t('dayUnit')}
        </ModeRow>
        <ModeRow mode="nearestWorkday" label={t('nearestWorkday')}>
          {t('nearestFrom')}
          <Num
            label={t('nearestDay')}
            value={nearestWorkday.day}
            bounds={DAY.day}
            onChange={(day) => set({ ...nearestWorkday, day })}
          />
          {t('nearestTail')}
        </ModeRow>
        <ModeRow mode="nthWeekday" label={t('nthWeekday')}>
          <Num
            label={t('nth')}
            value={nthWeekday.nth}
            bounds={DAY.nth}
            onChange={(nth) => set({ ...nthWeekday, nth })}
          />
          {t('nthUnit')}
          <Weekday
            label={t('nthWeekdayOf')}
            value={nthWeekday.weekday}
            onChange={(weekday) => set({ ...nthWeekday, weekday })}
          />
        </ModeRow>
      </Flex>
    </Radio.Group>
  );
}
