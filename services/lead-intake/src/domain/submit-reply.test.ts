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
    });
  });
  it('answers pending without a summary while screening has not answered', () => {
    expect(submitReply(null, null)).toMatchObject({ status: 'pending', validation_summary: null });
  });
  it('names every failed check of a rejected lead', () => {
    const reply = submitReply('rejected', { ...ok, phone_valid: false, is_duplicate: true });
    expect(reply.status).toBe('rejected');
    expect(reply.message).toContain('phone number');
    expect(reply.message).toContain('30 days');
    expect(reply.message).not.toContain('email');
  });
});
