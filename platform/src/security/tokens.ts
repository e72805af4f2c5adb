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
// the embedded mode's bursts, so we use its listed equivalent N=2^16, r=8, p=2).
// Under the test runner (vitest sets VITEST; never in production) the cost is 2^10: hundreds of
// signups and logins across the suite would otherwise spend minutes of a 2-core machine in scrypt.
// A stored hash names its own parameters, so verification is the same code either way.
const TEST_RUN = Boolean(process.env.VITEST) && process.env.NODE_ENV !== 'production';
const SCRYPT = { N: TEST_RUN ? 2 ** 10 : 2 ** 16, r: 8, p: 2, maxmem: 256 * 1024 * 1024 };
const KEY_LENGTH = 32;

/** Hash a password with scrypt; the result records its parameters so they can be raised later. */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await scrypt(password.normalize('NFKC'), salt, KEY_LENGTH, SCRYPT);
  return `scrypt$${SCRYPT.N}$${SCRYPT.r}$${SCRYPT.p}$${salt.toString('base64')}$${key.toString('base64')}`;
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
