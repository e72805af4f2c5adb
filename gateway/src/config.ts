import { BaseConfigSchema, envInt } from '@leadmarket/platform';
import { z } from 'zod';
import { fileURLToPath } from 'node:url';
import { DEFAULT_API_KEY_RATE_LIMIT_PER_MINUTE } from './api-key-hook.js';
import { envTrustProxy } from './trust-proxy.js';

export const DEFAULT_WEB_ROOT = fileURLToPath(new URL('../../web/dist', import.meta.url));

/** The gateway's variables (README "Environment variables"). */
export const GatewayConfigSchema = BaseConfigSchema.extend({
  PORT: envInt(8080),
  HOST: z.string().default('0.0.0.0'),
  WEB_ROOT: z.string().default(DEFAULT_WEB_ROOT),
  GATEWAY_RATE_LIMIT_PER_MINUTE: envInt(600, 1),
  /** Calls one personal API key may make per minute (docs/adr/0046-personal-api-keys.md). */
  GATEWAY_API_KEY_RATE_LIMIT_PER_MINUTE: envInt(DEFAULT_API_KEY_RATE_LIMIT_PER_MINUTE, 1),
  /** Whom to believe about X-Forwarded-For: false, a hop count, or proxy addresses/CIDRs (trust-proxy.ts). */
  GATEWAY_TRUST_PROXY: envTrustProxy,
  /**
   * Forward /dev/outbox and /dev/checkout (development providers). Unset: on outside production,
   * off in production (and those pages answer 404 in production whatever this says).
   */
  DEV_PAGES: z
    .enum(['true', 'false', '1', '0', 'yes', 'no', ''])
    .optional()
    .transform((v) => (v === undefined || v === '' ? undefined : ['true', '1', 'yes'].includes(v))),
});

/** Whether the gateway forwards the development pages: DEV_PAGES when set, else only outside production. */
export const devPagesOn = (config: { DEV_PAGES?: boolean; NODE_ENV: string }): boolean =>
  config.DEV_PAGES ?? config.NODE_ENV !== 'production';
