import { createCipheriv, createDecipheriv, createHash, createHmac, randomBytes } from 'node:crypto';

/** Used outside production when WEBHOOK_SECRET_KEY is unset (secrets are then readable from a database copy: development only). */
export const DEVELOPMENT_WEBHOOK_SECRET_KEY = 'leadmarket-development-webhook-secret-key';

/** The key webhook signing secrets are sealed with: WEBHOOK_SECRET_KEY (at least 32 characters; required in production). */
export function webhookSecretKeyOf(env: Record<string, string | undefined>): string {
  const key = env.WEBHOOK_SECRET_KEY?.trim();
  if (key) {
    if (key.length < 32) throw new Error('WEBHOOK_SECRET_KEY must be at least 32 characters');
    return key;
  }
  if (env.NODE_ENV === 'production') throw new Error('WEBHOOK_SECRET_KEY is required in production');
  return DEVELOPMENT_WEBHOOK_SECRET_KEY;
}

export const WEBHOOK_SECRET_REQUIREMENT = {
  variables: ['WEBHOOK_SECRET_KEY'],
  purpose: "the key the contractors' webhook signing secrets are encrypted with",
} as const;

/** A new signing secret in the Standard Webhooks form: `whsec_` and 32 random bytes in base64. */
export const newWebhookSecret = (): string => `whsec_${randomBytes(32).toString('base64')}`;

/** What the page shows of a secret to tell two apart: its first characters. */
export const secretHint = (secret: string): string => `${secret.slice(0, 10)}…`;

const aesKey = (serverKey: string) => createHash('sha256').update(`webhook-secrets:v1:${serverKey}`).digest();

/** Seal a secret for storage (AES-256-GCM): `v1.<iv>.<tag>.<ciphertext>`, base64url. */
export function sealSecret(serverKey: string, secret: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', aesKey(serverKey), iv);
  const sealed = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
  return ['v1', iv, cipher.getAuthTag(), sealed]
    .map((p) => (typeof p === 'string' ? p : p.toString('base64url')))
    .join('.');
}

/** Open a sealed secret; throws when it was sealed with another key or altered. */
export function openSecret(serverKey: string, sealed: string): string {
  const [version, iv, tag, data] = sealed.split('.');
  if (version !== 'v1' || !iv || !tag || data === undefined) throw new Error('unreadable webhook secret');
  const decipher = createDecipheriv('aes-256-gcm', aesKey(serverKey), Buffer.from(iv, 'base64url'));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]).toString('utf8');
}

/**
 * The Standard Webhooks signature of one delivery: `v1,` and the base64 HMAC-SHA256, keyed with the
 * secret's bytes (after `whsec_`), of `<webhook-id>.<webhook-timestamp>.<body>`.
 */
export function webhookSignature(secret: string, id: string, timestampSeconds: number, body: string): string {
  const key = Buffer.from(secret.replace(/^whsec_/, ''), 'base64');
  return `v1,${createHmac('sha256', key).update(`${id}.${timestampSeconds}.${body}`).digest('base64')}`;
}
