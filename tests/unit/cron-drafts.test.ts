import { describe, expect, it } from 'vitest';
import { parseCron } from '../../src/core/cron/parse';
import { toCron } from '../../src/core/cron/write';
import { draftsOf, modelOf, withChoice } from '../../renderers/cron/drafts';

describe('the cron builder’s tabs', () => {
  it('open on an expression in its modes and give it back unchanged', () => {
    const expr = '0 5/15 9 ? * 2,3,4,5,6 2026-2030';
    expect(toCron(modelOf(draftsOf(parseCron(expr))))).toBe(expr);
  });

  it('keep what was typed in a mode while another is tried, and editing a mode chooses it', () => {
    let drafts = draftsOf(parseCron('0 5/15 9 ? * 2,3,4,5,6 *'));
    drafts = { ...drafts, minute: { ...drafts.minute, mode: 'every' } };
    expect(toCron(modelOf(drafts)).split(' ')[1]).toBe('*');
    drafts = { ...drafts, minute: { ...drafts.minute, mode: 'interval' } };
    expect(toCron(modelOf(drafts)).split(' ')[1]).toBe('5/15');

    drafts = { ...drafts, day: withChoice(drafts.day, { mode: 'beforeEnd', days: 3 }) };
    expect(toCron(modelOf(drafts))).toBe('0 5/15 9 L-3 * ? *');
    drafts = { ...drafts, day: { ...drafts.day, mode: 'weekdays' } };
    expect(toCron(modelOf(drafts))).toBe('0 5/15 9 ? * 2,3,4,5,6 *');
  });
});
