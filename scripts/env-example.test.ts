import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { ALL_SERVICES } from '@leadmarket/gateway';
import { describe, expect, it } from 'vitest';
import { ENV_OWNERS, renderEnvExample, variablesOf } from './env-catalogue.js';

describe('.env.example', () => {
  it('is what the config schemas generate (npm run env:example rewrites it)', () => {
    const file = readFileSync(fileURLToPath(new URL('../.env.example', import.meta.url)), 'utf8');
    expect(file, '.env.example is out of date: run npm run env:example').toBe(renderEnvExample());
  });

  it('has a section for every service of the marketplace', () => {
    for (const def of ALL_SERVICES) expect(ENV_OWNERS, def.name).toContain(def.name);
  });

  it('lists every production requirement as a variable to fill in', () => {
    for (const def of ALL_SERVICES)
      for (const name of (def.productionRequirements ?? []).flatMap((r) => r.variables))
        expect(variablesOf(def.name).find((v) => v.name === name)?.requiredInProduction, name).toBe(true);
  });
});
