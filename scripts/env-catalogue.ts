import { fileURLToPath } from 'node:url';
import type { ServiceName } from '@leadmarket/contracts';
import {
  BASE_PRODUCTION_REQUIREMENTS,
  BaseConfigSchema,
  PasswordHashingConfigSchema,
  ProcessConfigSchema,
  RetentionConfigSchema,
  type ProductionRequirement,
} from '@leadmarket/platform';
import { service as admin } from '@leadmarket/admin';
import { service as contractors } from '@leadmarket/contractors';
import { service as leadIntake } from '@leadmarket/lead-intake';
import { service as matching } from '@leadmarket/matching';
import { service as notification } from '@leadmarket/notification';
import { service as screening } from '@leadmarket/screening';
import { service as walletLedger } from '@leadmarket/wallet-ledger';
import type { z } from 'zod';
import { GatewayConfigSchema } from '../gateway/src/config.js';
import { AdminConfigSchema } from '../services/admin/src/config.js';
import { ContractorsConfigSchema } from '../services/contractors/src/config.js';
import { LeadIntakeConfigSchema } from '../services/lead-intake/src/config.js';
import { MatchingConfigSchema } from '../services/matching/src/config.js';
import { NotificationConfigSchema } from '../services/notification/src/config.js';
import { ScreeningConfigSchema } from '../services/screening/src/config.js';
import { WalletConfigSchema } from '../services/wallet-ledger/src/config.js';

/** One variable a process reads: its default as text (undefined: none) and whether production requires it. */
export interface EnvVariable {
  name: string;
  default?: string;
  requiredInProduction: boolean;
}

/** The processes that read the environment: every process (the platform), the gateway, each service. */
export type EnvOwner = 'platform' | 'gateway' | ServiceName;

type Shape = Record<string, z.ZodType>;
const shapeOf = (schema: z.ZodType): Shape => (schema as unknown as { shape: Shape }).shape;

/** What each process reads, beyond the platform's variables: its config schemas and production requirements. */
const SOURCES: Record<EnvOwner, { schemas: z.ZodType[]; requirements: readonly ProductionRequirement[] }> = {
  platform: {
    schemas: [BaseConfigSchema, ProcessConfigSchema, RetentionConfigSchema],
    requirements: BASE_PRODUCTION_REQUIREMENTS,
  },
  gateway: { schemas: [GatewayConfigSchema], requirements: [] },
  'lead-intake': { schemas: [LeadIntakeConfigSchema], requirements: leadIntake.productionRequirements ?? [] },
  screening: { schemas: [ScreeningConfigSchema], requirements: screening.productionRequirements ?? [] },
  contractors: {
    schemas: [ContractorsConfigSchema, PasswordHashingConfigSchema],
    requirements: contractors.productionRequirements ?? [],
  },
  matching: { schemas: [MatchingConfigSchema], requirements: matching.productionRequirements ?? [] },
  'wallet-ledger': { schemas: [WalletConfigSchema], requirements: walletLedger.productionRequirements ?? [] },
  notification: { schemas: [NotificationConfigSchema], requirements: notification.productionRequirements ?? [] },
  admin: { schemas: [AdminConfigSchema], requirements: admin.productionRequirements ?? [] },
};

export const ENV_OWNERS = Object.keys(SOURCES) as EnvOwner[];

/** A schema field's default as a variable's text: what it parses `undefined` to, when that succeeds. */
function defaultText(field: z.ZodType): string | undefined {
  const parsed = field.safeParse(undefined);
  if (!parsed.success || parsed.data === undefined || parsed.data === null) return undefined;
  const value: unknown = parsed.data;
  if (Array.isArray(value)) return value.join(',');
  if (typeof value === 'object') return undefined;
  // A default inside the checkout (WEB_ROOT) is written relative to it: the file is the same everywhere.
  return String(value).replace(REPOSITORY_ROOT, '');
}

const REPOSITORY_ROOT = fileURLToPath(new URL('..', import.meta.url));

/** The variables `owner` reads (the platform's are listed under 'platform' only), in schema order. */
export function variablesOf(owner: EnvOwner): EnvVariable[] {
  const { schemas, requirements } = SOURCES[owner];
  const platform = owner === 'platform' ? new Set<string>() : new Set(variablesOf('platform').map((v) => v.name));
  const required = new Set(requirements.flatMap((r) => r.variables));
  const out = new Map<string, EnvVariable>();
  for (const schema of schemas)
    for (const [name, field] of Object.entries(shapeOf(schema))) {
      if (platform.has(name) || out.has(name)) continue;
      out.set(name, { name, default: defaultText(field), requiredInProduction: required.has(name) });
    }
  // A requirement may name a variable its service reads outside a schema (the Stripe keys), and a
  // switch that turns its channel off instead (PAYMENTS_DISABLED).
  for (const name of required)
    if (!out.has(name) && !platform.has(name)) out.set(name, { name, requiredInProduction: true });
  for (const { unlessSwitch } of requirements)
    if (unlessSwitch && !out.has(unlessSwitch))
      out.set(unlessSwitch, { name: unlessSwitch, default: 'false', requiredInProduction: false });
  return [...out.values()];
}

/**
 * .env.example: every variable of every process, by process. A required-in-production variable is
 * an empty assignment to fill in; any other is commented out with its default.
 */
export function renderEnvExample(): string {
  const lines = [
    '# leadmarket environment variables, generated from the config schemas by `npm run env:example`',
    '# (a test fails when this file falls behind them). README "Environment variables" says what each does.',
    '# NAME= (empty): required under NODE_ENV=production (unless its channel switch, e.g. PAYMENTS_DISABLED, is on).',
    '# # NAME=value: optional; the value shown is the default.',
  ];
  const written = new Set<string>();
  for (const owner of ENV_OWNERS) {
    lines.push('', `# --- ${owner === 'platform' ? 'every process' : owner} ---`);
    for (const v of variablesOf(owner)) {
      if (written.has(v.name)) {
        lines.push(`# ${v.name} (also above)`);
        continue;
      }
      written.add(v.name);
      lines.push(v.requiredInProduction ? `${v.name}=` : `# ${v.name}=${v.default ?? ''}`);
    }
  }
  return `${lines.join('\n')}\n`;
}
