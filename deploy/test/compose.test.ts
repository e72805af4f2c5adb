import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { SERVICE_NAMES } from '@leadmarket/contracts';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { ENV_OWNERS, variablesOf, type EnvOwner } from '../../scripts/env-catalogue.js';
import { K8S_DIR } from './kustomize.js';

const file = readFileSync(join(K8S_DIR, '..', '..', 'docker-compose.yml'), 'utf8');

/**
 * What `docker compose config` does to the file, for the parts it uses: merge keys resolved and
 * ${VAR}, ${VAR:-default} and ${VAR:?message} interpolated from `env`; the errors name every
 * required variable that is missing.
 */
function composeConfig(env: Record<string, string>): { config: any; errors: string[] } {
  const errors: string[] = [];
  const interpolated = file.replace(/\$\{([A-Z0-9_]+)(?:(:-|:\?)([^}]*))?\}/g, (_m, name: string, op, arg) => {
    const value = env[name];
    if (value !== undefined && value !== '') return value;
    if (op === ':?') {
      errors.push(`${name}: ${arg}`);
      return '';
    }
    return op === ':-' ? arg : '';
  });
  return { config: parse(interpolated, { merge: true }), errors: [...new Set(errors)] };
}

const REQUIRED = {
  INTERNAL_API_TOKEN: 'x'.repeat(32),
  DATABASE_ROLE_PASSWORD: 'role-password',
  ADMIN_EMAIL: 'ops@leadmarket.example',
  ADMIN_PASSWORD: 'admin-password',
  RECEIPT_SIGNING_KEY: 'receipt-key',
  LEAD_IP_HASH_SALT: 'salt-1',
  SIGNUP_CREDIT_HASH_SALT: 'salt-2',
  CLAIM_TOKEN_KEY: 'claim-key',
  WEBHOOK_SECRET_KEY: 'webhook-key',
};
const SERVICES: readonly string[] = SERVICE_NAMES;
/** Not secrets: where things are, production mode, channel switches and the sender's address. */
const SHARED = /^(SERVICE|NODE_ENV|HOST|PORT|PUBLIC_BASE_URL|SERVICE_URL_[A-Z_]+|[A-Z_]+_DISABLED|MAIL_FROM)$/;

describe('docker-compose.yml', () => {
  it('names every required variable that is missing, as docker compose config does', () => {
    expect(
      composeConfig({})
        .errors.map((e) => e.split(':')[0])
        .sort(),
    ).toEqual(Object.keys(REQUIRED).sort());
    expect(composeConfig(REQUIRED).errors).toEqual([]);
  });

  it('runs every service, the gateway, PgBouncer and the roles job, each depending only on what exists', () => {
    const { services } = composeConfig(REQUIRED).config;
    for (const name of [...SERVICES, 'gateway', 'pgbouncer', 'db-roles', 'postgres', 'rabbitmq', 'redis'])
      expect(services[name], name).toBeDefined();
    for (const [name, s] of Object.entries<any>(services)) {
      const needs = Array.isArray(s.depends_on) ? s.depends_on : Object.keys(s.depends_on ?? {});
      for (const other of needs) expect(services[other], `${name} depends on ${other}`).toBeDefined();
    }
  });

  it("gives each process only its own keys, and the administrator's URL only to db-roles", () => {
    const { services } = composeConfig(REQUIRED).config;
    for (const [name, s] of Object.entries<any>(services)) {
      const keys = Object.keys(s.environment ?? {});
      if (name !== 'db-roles') expect(keys, name).not.toContain('DATABASE_ADMIN_URL');
      if (![...SERVICES, 'gateway'].includes(name)) continue;
      const own = ENV_OWNERS.includes(name as EnvOwner) ? variablesOf(name as EnvOwner).map((v) => v.name) : [];
      const connections = ['AMQP_URL', 'REDIS_URL', 'INTERNAL_API_TOKEN'];
      if (name !== 'gateway') connections.push('DATABASE_URL', 'DATABASE_SESSION_URL');
      for (const key of keys)
        expect(SHARED.test(key) || connections.includes(key) || own.includes(key), `${name} gets ${key}`).toBe(true);
      for (const v of ENV_OWNERS.includes(name as EnvOwner) ? variablesOf(name as EnvOwner) : [])
        if (v.requiredInProduction) expect(keys, `${name} needs ${v.name}`).toContain(v.name);
    }
  });

  it('sends each service through PgBouncer as its own role, and LISTEN straight to PostgreSQL', () => {
    const { services } = composeConfig(REQUIRED).config;
    for (const name of SERVICES) {
      const env = services[name].environment;
      const role = `lm_${name.replace(/-/g, '_')}`;
      expect(new URL(env.DATABASE_URL).host, name).toBe('pgbouncer:6432');
      expect(new URL(env.DATABASE_URL).username, name).toBe(role);
      expect(new URL(env.DATABASE_SESSION_URL).host, name).toBe('postgres:5432');
      expect(services[name].read_only, name).toBe(true);
    }
  });
});
