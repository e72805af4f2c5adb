import { describe, expect, it } from 'vitest';
import { percentile, waitBackToSpeed } from './latency.js';

/** Leads submitted a second apart, ending a second ago, with the given submit → first SMS (undefined: none yet). */
function history(latencies: Array<number | undefined>) {
  const now = Date.now();
  const leads = latencies.map((ms, i) => ({ id: `lead-${i}`, at: now - (latencies.length - i) * 1000, ms }));
  return {
    from: leads[0]!.at,
    deadline: now,
    source: {
      submitted: (from: number, to = Infinity) => leads.filter((l) => l.at >= from && l.at < to),
      firstSms: async () =>
        new Map(leads.flatMap((l) => (l.ms === undefined ? [] : [[l.id, l.at + l.ms] as [string, number]]))),
    },
  };
}

const judge = (latencies: Array<number | undefined>, limitMs: number) => {
  const h = history(latencies);
  return waitBackToSpeed(h.source, { from: h.from, deadline: h.deadline, size: 5, limitMs, giveUpAt: h.deadline });
};

describe("the chaos run's back-to-speed judgement", () => {
  it('holds once more than half of some group of consecutive leads was offered within the limit', async () => {
    // The first leads after the return are slow (connections reopening), then the speed is back.
    const back = await judge([3000, 2500, 2000, 400, 300, 350, 900, 300, 320, 310], 600);
    expect(back.held).toBe(true);
    expect(back.group).toBeDefined();
  });

  it('fails when every lead waits for polling passes, as without LISTEN', async () => {
    // A relay polling once a second per hop: every lead takes seconds, none is within twice 300 ms.
    const back = await judge([1800, 2300, 1500, 2100, 2700, 1900, 2400, 1600, 2200, 2000], 600);
    expect(back.held).toBe(false);
  });

  it('counts a lead not offered yet as slow once the limit has passed since its submit', async () => {
    // Two fast leads and three never offered: the group's median is not within the limit.
    const back = await judge([300, undefined, 300, undefined, undefined], 600);
    expect(back.held).toBe(false);
  });

  it('fails when fewer leads than a group were submitted before the deadline', async () => {
    const back = await judge([300, 300, 300], 600);
    expect(back).toEqual({ held: false });
  });
});

describe('percentile', () => {
  it('is the nearest rank', () => {
    expect(percentile([], 0.5)).toBeUndefined();
    expect(percentile([1, 2, 3, 4], 0.5)).toBe(2);
    expect(percentile([1, 2, 3, 4, 5], 0.5)).toBe(3);
    expect(percentile([...Array(20).keys()], 0.95)).toBe(18);
  });
});
