import { describe, expect, it } from 'vitest';
import { DEV_ADMIN_EMAIL } from '../config.js';
import { planFirstAdmin } from './first-admin.js';

describe('planFirstAdmin', () => {
  it('uses the configured account', () => {
    expect(planFirstAdmin({ NODE_ENV: 'production', ADMIN_EMAIL: 'a@x.io', ADMIN_PASSWORD: 'long-enough' })).toEqual({
      kind: 'ensure',
      email: 'a@x.io',
      password: 'long-enough',
      usingDevDefaults: false,
    });
  });
  it('falls back to the development account only outside production', () => {
    expect(planFirstAdmin({ NODE_ENV: 'development' })).toMatchObject({
      kind: 'ensure',
      email: DEV_ADMIN_EMAIL,
      usingDevDefaults: true,
    });
    expect(planFirstAdmin({ NODE_ENV: 'production' })).toMatchObject({ kind: 'none' });
  });
  it('refuses half a configuration and short passwords', () => {
    expect(planFirstAdmin({ NODE_ENV: 'development', ADMIN_EMAIL: 'a@x.io' })).toMatchObject({ kind: 'none' });
    expect(planFirstAdmin({ NODE_ENV: 'development', ADMIN_EMAIL: 'a@x.io', ADMIN_PASSWORD: 'short' })).toMatchObject({
      kind: 'none',
    });
  });
});
