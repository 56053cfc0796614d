import {
  DAY_MODES,
  UNIT_MODES,
  dayChoice,
  unitChoice,
  type CronModel,
  type DayChoice,
  type UnitChoice,
  type UnitName,
} from '../../src/core/cron/model';

/**
 * What one tab of the builder holds: the chosen mode, and the values of every mode's controls, so
 * that trying another mode and coming back keeps what was typed there.
 */
export interface Tab<C extends { mode: string }> {
  mode: C['mode'];
  byMode: { [M in C['mode']]: Extract<C, { mode: M }> };
}

export type Drafts = { [U in UnitName]: Tab<UnitChoice> } & { day: Tab<DayChoice> };

function tabOf<C extends { mode: string }>(
  modes: readonly C['mode'][],
  initial: (mode: C['mode']) => C,
  chosen: C,
): Tab<C> {
  const byMode = Object.fromEntries(modes.map((m) => [m, m === chosen.mode ? chosen : initial(m)]));
  return { mode: chosen.mode, byMode: byMode as Tab<C>['byMode'] };
}

const UNIT_NAMES: UnitName[] = ['second', 'minute', 'hour', 'month', 'year'];

/** the builder's tabs opened on a model: its modes chosen, the other modes at their starting values */
export function draftsOf(model: CronModel): Drafts {
  const units = Object.fromEntries(
    UNIT_NAMES.map((u) => [u, tabOf(UNIT_MODES, (m) => unitChoice(u, m), model[u])]),
  ) as { [U in UnitName]: Tab<UnitChoice> };
  return { ...units, day: tabOf(DAY_MODES, dayChoice, model.day) };
}

/** the model the tabs stand for: each tab's chosen mode with its values */
export function modelOf(drafts: Drafts): CronModel {
  const pick = <C extends { mode: string }>(tab: Tab<C>): C => tab.byMode[tab.mode as C['mode']];
  return {
    second: pick(drafts.second),
    minute: pick(drafts.minute),
    hour: pick(drafts.hour),
    day: pick(drafts.day),
    month: pick(drafts.month),
    year: pick(drafts.year),
  };
}

/** a tab with one mode's values changed, and that mode chosen (editing a mode's control selects it) */
export function withChoice<C extends { mode: string }>(tab: Tab<C>, choice: C): Tab<C> {
  return { mode: choice.mode, byMode: { ...tab.byMode, [choice.mode]: choice } };
}
