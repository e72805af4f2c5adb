import { describe, expect, it } from 'vitest';
import { customerUnreachableEvent, unreachableCode } from './unreachable-number.js';

describe('unreachableCode', () => {
  it('knows the invalid, unreachable and landline codes, as numbers or strings', () => {
    expect(unreachableCode(21211)?.code).toBe('21211');
    expect(unreachableCode('30006')?.meaning).toMatch(/Landline/);
    for (const c of [21614, 30003, 30005]) expect(unreachableCode(c)).toBeDefined();
  });

  it('ignores codes that are not the number’s fault: opt-out, carrier filter, account trouble, transport errors', () => {
    for (const c of [21610, 30007, 20003, 30001, 'ECONNRESET', undefined, null, ''])
      expect(unreachableCode(c)).toBeUndefined();
  });
});

describe('customerUnreachableEvent', () => {
  const failure = {
    code: 21614,
    provider: 'twilio',
    providerMessageId: null,
    reportedVia: 'send_error' as const,
    at: new Date('2026-11-23T01:00:00Z'),
  };
  const customerSms = {
    id: '6f1c1f3e-0000-4000-8000-000000000001',
    kind: 'customer_update',
    lead_id: '6f1c1f3e-0000-4000-8000-000000000002',
    channel: 'sms',
  };

  it('is raised for the customer SMS of a lead with the code and time as evidence', () => {
    const event = customerUnreachableEvent(customerSms, failure);
    expect(event?.data).toMatchObject({
      lead_id: customerSms.lead_id,
      delivery_id: customerSms.id,
      error_code: '21614',
      reported_via: 'send_error',
      failed_at: '2026-11-23T01:00:00.000Z',
    });
    // Our words for the code: the provider's text quotes the customer's number.
    expect(event?.data.error_message).toBe("The 'To' number is not a mobile number (a landline)");
  });

  it('is not raised for a contractor message, an email, or a code that is not the number', () => {
    expect(customerUnreachableEvent({ ...customerSms, kind: 'lead_offer' }, failure)).toBeUndefined();
    expect(customerUnreachableEvent({ ...customerSms, channel: 'email' }, failure)).toBeUndefined();
    expect(customerUnreachableEvent(customerSms, { ...failure, code: 30007 })).toBeUndefined();
  });
});
