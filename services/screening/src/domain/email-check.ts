import { DISPOSABLE_EMAIL_DOMAINS } from './disposable-domains.js';
import type { CheckResult } from './phone-check.js';

const LOCAL_PART = /^[A-Za-z0-9!#$%&'*+/=?^_`{|}~.-]+$/;
const LABEL = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;
const TLD = /^[a-z]{2,24}$/;

/** The domain of an address if its shape is plausible, else null. */
export function emailDomain(email: string): string | null {
  if (email.length > 254) return null;
  const at = email.lastIndexOf('@');
  if (at <= 0 || at === email.length - 1) return null;
  const local = email.slice(0, at);
  const domain = email.slice(at + 1).toLowerCase();
  if (
    local.length > 64 ||
    !LOCAL_PART.test(local) ||
    local.startsWith('.') ||
    local.endsWith('.') ||
    local.includes('..')
  )
    return null;
  const labels = domain.split('.');
  if (labels.length < 2 || !labels.every((l) => LABEL.test(l)) || !TLD.test(labels[labels.length - 1]!)) return null;
  return domain;
}

/**
 * Syntax, domain shape, the disposable-domain list and the operator's blocked domains (subdomains
 * too). No email given (it is optional) passes.
 */
export function checkEmail(email: string | null, blockedDomains: readonly string[] = []): CheckResult {
  if (email === null || email.trim() === '') return { valid: true, reasons: [] };
  const domain = emailDomain(email.trim());
  if (!domain) return { valid: false, reasons: ['email:invalid_syntax'] };
  const labels = domain.split('.');
  // A subdomain of a disposable provider is just as disposable.
  for (let i = 0; i < labels.length - 1; i++) {
    if (DISPOSABLE_EMAIL_DOMAINS.has(labels.slice(i).join('.')))
      return { valid: false, reasons: ['email:disposable_domain'] };
  }
  const blocked = new Set(blockedDomains.map((d) => d.trim().toLowerCase()));
  for (let i = 0; i < labels.length - 1; i++) {
    if (blocked.has(labels.slice(i).join('.'))) return { valid: false, reasons: ['email:blocked_domain'] };
  }
  return { valid: true, reasons: [] };
}
