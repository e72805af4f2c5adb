import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import {
  BASE_PRODUCTION_REQUIREMENTS,
  ConfigError,
  productionRequirementsOf,
  ServiceClients,
  startService,
  type Infra,
  type ProductionRequirement,
} from '@leadmarket/platform';
import { testLogger } from '@leadmarket/platform/testing';
import { describe, expect, it } from 'vitest';
import { ALL_SERVICES } from '../src/stack/services.js';

// Every secret or salt whose default is written in a config schema (and so public) must be set in
// production: the list comes from the schemas themselves, so a new salt with a default cannot be
// forgotten here.
const root = fileURLToPath(new URL('../..', import.meta.url));
const SECRET_NAME = /SECRET|SALT|KEY|TOKEN|PASSWORD/;

interface DefaultedSecret {
  variable: string;
  /** The service whose config declares it; undefined for the platform's and the gateway's shared ones. */
  owner?: string;
}

type FieldSchema = { safeParse(value: unknown): { success: boolean; data?: unknown } };
const isObjectSchema = (v: unknown): v is { shape: Record<string, FieldSchema> } =>
  typeof v === 'object' && v !== null && typeof (v as { shape?: unknown }).shape === 'object';

/** Every config schema's variables named like a secret that fall back to a non-empty string default. */
async function secretsWithPublicDefaults(): Promise<DefaultedSecret[]> {
  const modules = [
    ...readdirSync(`${root}/services`).map((name) => ({ owner: name, file: `${root}/services/${name}/src/config.ts` })),
    { owner: undefined, file: `${root}/gateway/src/config.ts` },
    { owner: undefined, file: `${root}/platform/src/config.ts` },
  ];
  const found: DefaultedSecret[] = [];
  for (const { owner, file } of modules) {
    const exported = (await import(file)) as Record<string, unknown>;
    for (const schema of Object.values(exported)) {
      if (!isObjectSchema(schema)) continue;
      for (const [variable, field] of Object.entries(schema.shape)) {
        if (!SECRET_NAME.test(variable)) continue;
        const fallback = field.safeParse(undefined);
        if (fallback.success && typeof fallback.data === 'string' && fallback.data !== '')
          if (!found.some((f) => f.variable === variable)) found.push({ variable, owner });
      }
    }
  }
  return found;
}

/** A production environment with every variable any requirement names. */
const everything = (requirements: readonly ProductionRequirement[]) =>
  Object.fromEntries([
    ['NODE_ENV', 'production'],
    ...requirements.flatMap((r) => r.variables.map((v) => [v, `set-${v.toLowerCase()}-0123456789abcdef0123456789`])),
  ]) as Record<string, string>;

describe('secrets and salts with a public default', () => {
  it('are found in the config schemas (the salts and the receipt key among them)', async () => {
    const names = (await secretsWithPublicDefaults()).map((s) => s.variable);
    expect(names).toEqual(
      expect.arrayContaining(['LEAD_IP_HASH_SALT', 'SIGNUP_CREDIT_HASH_SALT', 'RECEIPT_SIGNING_KEY']),
    );
  });

  it('each stops its service from starting in production when missing, naming it', async () => {
    const secrets = await secretsWithPublicDefaults();
    for (const { variable, owner } of secrets) {
      const defs = owner ? ALL_SERVICES.filter((d) => d.name === owner) : ALL_SERVICES;
      expect(defs.length, `the service declaring ${variable}`).toBeGreaterThan(0);
      for (const def of defs) {
        const env = everything([...BASE_PRODUCTION_REQUIREMENTS, ...productionRequirementsOf(def)]);
        delete env[variable];
        // The start-up check runs before anything is opened: the infrastructure is never touched.
        const start = startService(def, {
          infra: {} as Infra,
          logger: testLogger(),
          clients: new ServiceClients({}),
          env,
          publicBaseUrl: 'https://leads.example',
        });
        await expect(start, `${def.name} without ${variable}`).rejects.toThrow(ConfigError);
        await expect(start).rejects.toThrow(`${variable} is required in production`);
      }
    }
  });
});
