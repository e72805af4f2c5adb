import { describe, expect, it } from 'vitest';
import { takeEvents } from '../api/admin-live';

describe('takeEvents', () => {
  it('parses complete Server-Sent Events and keeps a partial one for later', () => {
    const got: Array<{ id?: string; event: string; data: string }> = [];
    const rest = takeEvents(
      'retry: 3000\n\n: keep-alive\n\nid: a.1\nevent: lead_new\ndata: {"lead_id":"x"}\n\nid: a.2\nevent: lead_so',
      (e) => got.push(e),
    );
    expect(got).toEqual([{ id: 'a.1', event: 'lead_new', data: '{"lead_id":"x"}' }]);
    expect(rest).toBe('id: a.2\nevent: lead_so');
    takeEvents(`${rest}ld\ndata: {}\n\n`, (e) => got.push(e));
    expect(got[1]).toEqual({ id: 'a.2', event: 'lead_sold', data: '{}' });
  });
});
