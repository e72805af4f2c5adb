import { describe, expect, it } from 'vitest';
import { createPairWatch } from './pair-watch.js';

describe('pair watch', () => {
  it('answers true only when the other half of the same lead committed alone too', () => {
    const watch = createPairWatch();
    expect(watch.committedAlone('a', 'screened')).toBe(false);
    expect(watch.committedAlone('b', 'priced')).toBe(false);
    expect(watch.committedAlone('a', 'screened')).toBe(false); // a repeat of the same half
    expect(watch.committedAlone('a', 'priced')).toBe(true);
    // Reported once: the matcher is woken once.
    expect(watch.committedAlone('a', 'priced')).toBe(false);
  });

  it('forgets a half once its partner paired it, or after the time-to-live', () => {
    let t = 0;
    const watch = createPairWatch(1000, () => t);
    watch.committedAlone('a', 'screened');
    watch.paired('a');
    expect(watch.committedAlone('a', 'priced')).toBe(false);
    watch.committedAlone('b', 'screened');
    t = 1000;
    expect(watch.committedAlone('b', 'priced')).toBe(false);
  });
});
