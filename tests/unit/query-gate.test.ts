import { describe, expect, it } from 'vitest';
import { BUSY, QueryGate, TOO_MANY_OF_YOURS } from '../../src/server/crud/cost';

const limits = { perUser: 2, lanes: 1, heavyWork: 0, minRows: 0, maxUnindexedLikes: 10, waitMs: 200 };
const gate = (over: Partial<typeof limits> = {}) => new QueryGate({ ...limits, ...over }, async () => 0);

/** work that records how many pieces of work ran at once, and ends when told */
function tracker() {
  let now = 0;
  let most = 0;
  let started = 0;
  const enders: (() => void)[] = [];
  const work = () =>
    new Promise<void>((resolve) => {
      started++;
      most = Math.max(most, ++now);
      enders.push(() => {
        now--;
        resolve();
      });
    });
  return { work, most: () => most, started: () => started, endNext: () => enders.shift()!() };
}

describe('QueryGate', () => {
  it('runs heavy work one lane at a time, in turn', async () => {
    const g = gate();
    const t = tracker();
    const runs = [g.run('a', t.work), g.run('b', t.work), g.run('c', t.work, 'export')];
    await expect.poll(t.started).toBe(1);
    t.endNext();
    await expect.poll(t.started).toBe(2);
    t.endNext();
    await expect.poll(t.started).toBe(3);
    t.endNext();
    await Promise.all(runs);
    expect(t.most()).toBe(1);
  });

  it("refuses a user's list beyond its limit at once; an export batch only waits", async () => {
    const g = gate();
    const t = tracker();
    const runs = [g.run('a', t.work), g.run('a', t.work)];
    await expect(g.run('a', t.work)).rejects.toThrow(TOO_MANY_OF_YOURS(2));
    const batch = g.run('a', t.work, 'export');
    for (let i = 0; i < 3; i++) {
      await expect.poll(t.started).toBe(i + 1);
      t.endNext();
    }
    await Promise.all([...runs, batch]);
  });

  it('a list that cannot get a lane within waitMs is refused', async () => {
    const g = gate({ waitMs: 50 });
    const t = tracker();
    const first = g.run('a', t.work);
    await expect(g.run('b', t.work)).rejects.toThrow(BUSY);
    t.endNext();
    await first;
  });
});
