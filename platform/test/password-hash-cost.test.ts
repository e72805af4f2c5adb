import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, PasswordHashingConfigSchema } from '../src/config.js';
import { hashPassword, verifyPassword } from '../src/security/tokens.js';

describe('PASSWORD_HASH_COST', () => {
  it('is 16 by default and names itself when production is given less', () => {
    expect(loadConfig(PasswordHashingConfigSchema, {}).PASSWORD_HASH_COST).toBe(16);
    expect(loadConfig(PasswordHashingConfigSchema, { PASSWORD_HASH_COST: '10' }).PASSWORD_HASH_COST).toBe(10);
    expect(() => loadConfig(PasswordHashingConfigSchema, { NODE_ENV: 'production', PASSWORD_HASH_COST: '12' })).toThrow(
      /PASSWORD_HASH_COST.*at least 16 in production/,
    );
    expect(() => loadConfig(PasswordHashingConfigSchema, { PASSWORD_HASH_COST: '9' })).toThrow(ConfigError);
    expect(() => loadConfig(PasswordHashingConfigSchema, { PASSWORD_HASH_COST: '24' })).toThrow(/from 10 to 20/);
  });

  it('a hash records its cost, so hashes made at another cost still verify', async () => {
    const cheap = await hashPassword('correct horse battery', 10);
    expect(cheap.split('$')[1]).toBe(String(2 ** 10));
    expect(await verifyPassword('correct horse battery', cheap)).toBe(true);
    expect(await verifyPassword('wrong horse battery', cheap)).toBe(false);
    const strong = await hashPassword('correct horse battery', 16);
    expect(strong.split('$')[1]).toBe(String(2 ** 16));
    expect(await verifyPassword('correct horse battery', strong)).toBe(true);
  });
});
