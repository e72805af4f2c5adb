import { describe, expect, it } from 'vitest';
import { displayPhone, soldEmail, soldSms, unsoldSms } from './customer-messages.js';

const request = { customer_name: 'Peggy Hill', service_category: 'home_services', sub_service: 'hvac' };

describe('customer messages', () => {
  it('names the buyer, its phone and the 15-minute promise', () => {
    const sms = soldSms({ ...request, business: { business_name: 'Cool Air Brothers', phone: '7135550188' } });
    expect(sms).toContain('Hi Peggy, Cool Air Brothers took your');
    expect(sms).toContain('from (713) 555-0188');
    expect(sms).toContain('Expect a call within 15 minutes.');
    expect(soldEmail({ ...request, business: { business_name: 'X', phone: '+17135550188' } }).body).toContain(
      '(713) 555-0188',
    );
  });

  it('does not invent a buyer it does not know', () => {
    expect(soldSms(request)).toContain('A local professional took your');
    expect(soldSms(request)).not.toContain(' from ');
  });

  it('tells an unsold request honestly and suggests what to do', () => {
    const sms = unsoldSms(request);
    expect(sms).toContain('no professional near you took your');
    expect(sms).toContain('send it again');
  });

  it('formats US phones and keeps others as given', () => {
    expect(displayPhone('+1 (404) 555-0101')).toBe('(404) 555-0101');
    expect(displayPhone('+44 20 7946 0958')).toBe('+44 20 7946 0958');
  });
});
