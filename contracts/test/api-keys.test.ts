import { describe, expect, it } from 'vitest';
import {
  API_KEY_PATTERN,
  API_KEY_SCOPE_NAMES,
  API_KEY_SCOPES,
  looksLikeApiKey,
  ROUTES,
  scopeOfFunction,
} from '../src/index.js';

describe('API key scopes', () => {
  it('list only contractor functions, each under one scope', () => {
    const seen = new Set<string>();
    for (const scope of API_KEY_SCOPE_NAMES)
      for (const name of API_KEY_SCOPES[scope].functions) {
        // A key acts as its contractor, so the function's own ownership checks apply unchanged.
        expect(ROUTES[name].auth, name).toBe('contractor');
        expect(seen.has(name), `${name} under two scopes`).toBe(false);
        seen.add(name);
        expect(scopeOfFunction(name)).toBe(scope);
      }
  });

  it('never let a key manage keys, buy, or reach the account', () => {
    for (const name of ['api-keys', 'purchase-lead', 'contractors-dashboard', 'update-contractor-profile'])
      expect(scopeOfFunction(name), name).toBeUndefined();
  });

  it('tell a key from a session token by its prefix and shape', () => {
    expect(API_KEY_PATTERN.test(`lm_${'a'.repeat(43)}`)).toBe(true);
    expect(API_KEY_PATTERN.test(`lm_${'a'.repeat(42)}`)).toBe(false);
    expect(looksLikeApiKey('lm_x')).toBe(true);
    expect(looksLikeApiKey('Zm9v')).toBe(false);
  });
});
