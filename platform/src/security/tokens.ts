import { createHash, randomBytes, scrypt as scryptCb, timingSafeEqual } from 'node:crypto';
import { promisify } from 'node:util';

const scrypt = promisify(scryptCb) as (
  password: string,
  salt: Buffer,
  keylen: number,
  options: object,
) => Promise<Buffer>;

/** A random token of `bytes` bytes (default 32 = 256 bits), URL-safe. */
export const randomToken = (bytes = 32): string => randomBytes(bytes).toString('base64url');

/** What we store for a token: its SHA-256 (tokens are high-entropy, so no salt or stretching is needed). */
export const hashToken = (token: string): string => createHash('sha256').update(token).digest('hex');

// OWASP Password Storage Cheat Sheet: scrypt with N=2^17, r=8, p=1 (128 MiB would be too much for
// the embedded mode's bursts, so we use its listed equivalent N=2^16, r=8, p=2). The cost (log2 N)
// is the services' PASSWORD_HASH_COST setting: 16 by default and at least 16 in production; the
// test suite sets 10, because hundreds of signups and logins would otherwise spend minutes of a
// 2-core machine in scrypt. A stored hash names its own parameters, so verification is the same
// code whatever the cost was when it was made.
const SCRYPT = { r: 8, p: 2, maxmem: 256 * 1024 * 1024 };
const KEY_LENGTH = 32;

/** log2 N of the scrypt cost: the default, and the least production accepts. */
export const PRODUCTION_PASSWORD_HASH_COST = 16;
/** The least PASSWORD_HASH_COST accepted at all (tests). */
export const MIN_PASSWORD_HASH_COST = 10;
/** The most PASSWORD_HASH_COST accepted (2^20 already takes seconds per hash here). */
export const MAX_PASSWORD_HASH_COST = 20;

/**
 * Hash a password with scrypt at N = 2^cost (the service's PASSWORD_HASH_COST); the result records
 * its parameters so they can be raised later.
 */
export async function hashPassword(password: string, cost: number): Promise<string> {
  if (!Number.isInteger(cost) || cost < MIN_PASSWORD_HASH_COST || cost > MAX_PASSWORD_HASH_COST)
    throw new RangeError(
      `password hash cost must be an integer from ${MIN_PASSWORD_HASH_COST} to ${MAX_PASSWORD_HASH_COST}`,
    );
  const salt = randomBytes(16);
  const N = 2 ** cost;
  const key = await scrypt(password.normalize('NFKC'), salt, KEY_LENGTH, { ...SCRYPT, N });
  return `scrypt$${N}$${SCRYPT.r}$${SCRYPT.p}$${salt.toString('base64')}$${key.toString('base64')}`;
}

/** Constant-time check of a password against a stored hash. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, saltB64, keyB64] = stored.split('$');
  if (scheme !== 'scrypt' || !saltB64 || !keyB64) return false;
  const expected = Buffer.from(keyB64, 'base64');
  const key = await scrypt(password.normalize('NFKC'), Buffer.from(saltB64, 'base64'), expected.length, {
    N: Number(n),
    r: Number(r),
    p: Number(p),
    maxmem: SCRYPT.maxmem,
  });
  return key.length === expected.length && timingSafeEqual(key, expected);
}
