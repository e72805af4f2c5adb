import { createHash } from 'node:crypto';

/** Same phone and same service: the duplicate key, hashed so screening never stores the number. */
export function duplicateFingerprint(phone: string, serviceCategory: string, subService: string): string {
  const digits = phone.replace(/\D/g, '');
  const service = `${serviceCategory.trim().toLowerCase()}|${subService.trim().toLowerCase()}`;
  return createHash('sha256').update(`${digits}|${service}`).digest('hex');
}

/** The Redis key through which two identical leads screened at once race for one claim; its value names the claiming lead. */
export const duplicateClaimKey = (fingerprint: string): string => `screening:dup:${fingerprint}`;
