import { MESSAGES } from '@leadmarket/contracts';
import { describe, expect, it } from 'vitest';
import { submitReply } from './submit-reply.js';

const ok = { phone_valid: true, email_valid: true, content_valid: true, is_duplicate: false, ip_rate_ok: true };

describe('submitReply', () => {
  it('answers the spec success text for a valid lead', () => {
    expect(submitReply('valid', ok)).toEqual({
      message: MESSAGES.leadSubmit.success,
      status: 'valid',
      validation_summary: ok,
      problems: [],
    });
  });
  it('answers "received, we are checking it" without a summary while screening has not answered', () => {
    expect(submitReply(null, null)).toMatchObject({
      status: 'pending',
      validation_summary: null,
      message: MESSAGES.leadSubmit.pending,
    });
    expect(MESSAGES.leadSubmit.pending).not.toBe(MESSAGES.leadSubmit.success);
  });
  it('says what to fix for each reason, beside its field', () => {
    const reply = submitReply('rejected', { ...ok, phone_valid: false, content_valid: false }, [
      'phone:invalid_number',
      'content:name_without_letters',
    ]);
    expect(reply.status).toBe('rejected');
    expect(reply.problems.map((p) => p.field)).toEqual(['phone', 'customer_name']);
    expect(reply.message).toContain('phone number');
    expect(reply.message).toContain('name');
    // A name of digits is about the name, never "the description looks like spam".
    expect(reply.message).not.toMatch(/description|spam/i);
  });
  it('falls back to the summary when a verdict has no reason codes', () => {
    const reply = submitReply('rejected', { ...ok, phone_valid: false, is_duplicate: true });
    expect(reply.problems.map((p) => p.field)).toEqual(['phone', null]);
    expect(reply.message).toContain('30 days');
    expect(reply.message).not.toMatch(/email address/i);
  });
});
