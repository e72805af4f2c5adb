import { describe, expect, it } from 'vitest';
import { sessionTokenOf } from './session-token.js';

describe('sessionTokenOf', () => {
  it('prefers the bearer header, then body, then query', () => {
    expect(
      sessionTokenOf({ authorization: 'Bearer abc', body: { session_token: 'b' }, query: { session_token: 'q' } }),
    ).toBe('abc');
    expect(sessionTokenOf({ body: { session_token: 'b' }, query: { session_token: 'q' } })).toBe('b');
    expect(sessionTokenOf({ body: {}, query: { session_token: 'q' } })).toBe('q');
  });

  it('ignores blanks and other schemes', () => {
    expect(sessionTokenOf({ authorization: 'Basic xyz', body: { session_token: '  ' } })).toBeUndefined();
    expect(sessionTokenOf({})).toBeUndefined();
  });
});
