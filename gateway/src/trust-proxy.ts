import { isIP } from 'node:net';
import { z } from 'zod';

/**
 * Whom the gateway believes about the client address in X-Forwarded-For: nobody (false), the
 * nearest N proxies (a hop count), or proxies at these addresses and CIDR ranges. Fastify's
 * trustProxy takes all three. "Trust everyone" is not offered: with it any client picks its own
 * address by sending the header, and the per-IP rate limit means nothing.
 */
export type TrustProxy = false | number | string[];

// proxy-addr's names for the private ranges (Fastify accepts them in the list).
const NAMED_RANGES = new Set(['loopback', 'linklocal', 'uniquelocal']);

function isAddressOrCidr(entry: string): boolean {
  if (NAMED_RANGES.has(entry)) return true;
  const [address, prefix, ...rest] = entry.split('/');
  const family = isIP(address ?? '');
  if (family === 0 || rest.length) return false;
  if (prefix === undefined) return true;
  if (!/^\d{1,3}$/.test(prefix)) return false;
  return Number(prefix) <= (family === 4 ? 32 : 128);
}

export const TRUST_PROXY_HELP =
  'use false, a hop count (e.g. 1 behind one load balancer) or the proxies’ addresses/CIDRs, comma-separated (e.g. 10.0.0.0/8,127.0.0.1)';

/** GATEWAY_TRUST_PROXY: '' / false / 0 → false; a positive integer → hops; else a list of addresses and CIDRs. */
export const envTrustProxy = z
  .string()
  .optional()
  .transform((raw, ctx): TrustProxy => {
    const value = (raw ?? '').trim();
    if (['', 'false', 'no', '0'].includes(value.toLowerCase())) return false;
    if (/^\d+$/.test(value)) return Number(value);
    const entries = value
      .split(',')
      .map((e) => e.trim())
      .filter(Boolean);
    const bad = entries.filter((e) => !isAddressOrCidr(e));
    if (bad.length || entries.length === 0) {
      ctx.addIssue({
        code: 'custom',
        message: ['true', 'yes', '1'].includes(value.toLowerCase())
          ? `trusting every proxy lets any client choose its address; ${TRUST_PROXY_HELP}`
          : `not an address or CIDR: ${bad.join(', ') || value}; ${TRUST_PROXY_HELP}`,
      });
      return z.NEVER;
    }
    return entries;
  });

/**
 * The option Fastify takes. A hop count becomes a trust function (the nearest `hops` addresses of
 * the chain are proxies: the client is the one before them), because this Fastify version treats a
 * bare number as "trust nobody". Hop counts cannot tell a proxy from a client that reached the
 * gateway directly, so they suit a gateway reachable only through its load balancer; addresses or
 * CIDRs are the safer choice.
 */
export function fastifyTrustProxy(
  tp: TrustProxy | undefined,
): false | string[] | ((address: string, hop: number) => boolean) {
  if (tp === undefined || tp === false) return false;
  if (typeof tp === 'number') {
    const hops = tp;
    return (_address, hop) => hop < hops;
  }
  return tp;
}
