import { ConfigError } from './config.js';

/**
 * What a process needs under NODE_ENV=production: every variable in `variables`, unless the
 * switch `unlessSwitch` is on (it turns that whole channel off, and the channel then answers 503).
 * Production never falls back to a development provider (docs/adr/0003-production-channels.md).
 */
export interface ProductionRequirement {
  variables: readonly string[];
  /** What the variables are for, in the start-up error. */
  purpose: string;
  /** A switch (e.g. PAYMENTS_DISABLED) that turns the channel off instead. */
  unlessSwitch?: string;
}

/** Every process talks to the others with the shared internal token; in production it is never generated. */
export const BASE_PRODUCTION_REQUIREMENTS: readonly ProductionRequirement[] = [
  { variables: ['INTERNAL_API_TOKEN'], purpose: 'the token services require of every internal call' },
];

const TRUE = ['true', '1', 'yes'];
const FALSE = ['false', '0', 'no', ''];

/** Whether a channel-off switch is on; a value that is neither on nor off is a configuration error. */
export function switchOn(env: Record<string, string | undefined>, name: string): boolean {
  const value = env[name]?.trim().toLowerCase();
  if (value === undefined || FALSE.includes(value)) return false;
  if (TRUE.includes(value)) return true;
  throw new ConfigError([`${name}=${JSON.stringify(env[name])} is invalid: write true or false`]);
}

export const isProduction = (env: Record<string, string | undefined>): boolean => env.NODE_ENV === 'production';

/** The problems with `env` for these requirements under production (empty outside production). */
export function productionProblems(
  env: Record<string, string | undefined>,
  requirements: readonly ProductionRequirement[],
): string[] {
  if (!isProduction(env)) return [];
  const problems: string[] = [];
  for (const requirement of requirements) {
    let off = false;
    if (requirement.unlessSwitch) {
      try {
        off = switchOn(env, requirement.unlessSwitch);
      } catch (error) {
        problems.push(...(error as ConfigError).issues);
        continue;
      }
    }
    if (off) continue;
    for (const name of requirement.variables) {
      if (env[name]?.trim()) continue;
      const alternative = requirement.unlessSwitch ? ` (or set ${requirement.unlessSwitch}=true to turn it off)` : '';
      const line = `${name} is required in production: ${requirement.purpose}${alternative}`;
      if (!problems.includes(line)) problems.push(line);
    }
  }
  return problems;
}

/** Stop start-up, naming every missing variable at once, when production is not fully configured. */
export function assertProductionReady(
  env: Record<string, string | undefined>,
  requirements: readonly ProductionRequirement[],
): void {
  const problems = productionProblems(env, requirements);
  if (problems.length) throw new ConfigError(problems);
}
