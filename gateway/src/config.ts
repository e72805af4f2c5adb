import { BaseConfigSchema, envBoolean, envInt } from '@leadmarket/platform';
import { z } from 'zod';
import { fileURLToPath } from 'node:url';
import { envTrustProxy } from './trust-proxy.js';

export const DEFAULT_WEB_ROOT = fileURLToPath(new URL('../../web/dist', import.meta.url));

/** The gateway's variables (README "Environment variables"). */
export const GatewayConfigSchema = BaseConfigSchema.extend({
  PORT: envInt(8080),
  HOST: z.string().default('0.0.0.0'),
  WEB_ROOT: z.string().default(DEFAULT_WEB_ROOT),
  GATEWAY_RATE_LIMIT_PER_MINUTE: envInt(600, 1),
  /** Whom to believe about X-Forwarded-For: false, a hop count, or proxy addresses/CIDRs (trust-proxy.ts). */
  GATEWAY_TRUST_PROXY: envTrustProxy,
  /** Serve /dev/outbox and /dev/checkout (development providers); on by default outside production. */
  DEV_PAGES: envBoolean(true),
});
