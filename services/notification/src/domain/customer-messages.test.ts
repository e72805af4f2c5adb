import { SERVICE_CATALOGUE } from '@leadmarket/contracts';
import { describe, expect, it } from 'vitest';
import {
  contactCodeSms,
  screenedEmail,
  screenedSms,
  soldEmail,
  soldSms,
  unsoldEmail,
  unsoldSms,
} from './customer-messages.js';
import { bodyToKeep } from './sent-secrets.js';

const request = { customer_name: 'Peggy Hill', service_category: 'home_services', sub_service: 'hvac' };

/** Every catalogue code, industries and sub-services ("home_services", "hvac", …). */
const CODES = SERVICE_CATALOGUE.flatMap((i) => [i.value, ...i.sub_services.map((s) => s.value)]);

/** The codes a text holds as words, case as written (the label "HVAC" is not the code "hvac"). */
const codesIn = (text: string) => CODES.filter((code) => new RegExp(`(^|[^A-Za-z_])${code}($|[^A-Za-z_])`).test(text));

describe('customer messages', () => {
  it('texts the confirmation code with its link, and keeps neither once a real provider took it', () => {
    const sms = contactCodeSms({
      ...request,
      code: '042917',
      link: 'https://leads.example.test/confirm/AbC_d-123456789012345678901234',
      expires_in_minutes: 30,
    });
    expect(sms).toContain('your code is 042917 to confirm your phone for your HVAC request');
    expect(sms).toContain('works for 30 minutes');
    expect(codesIn(sms)).toEqual([]);
    expect(bodyToKeep('dev', sms)).toBe(sms);
    const kept = bodyToKeep('twilio', sms);
    expect(kept).not.toContain('042917');
    expect(kept).not.toContain('AbC_d');
    expect(kept).toContain('code is redacted');
    expect(kept).toContain('/confirm/redacted');
  });

  it('names the buyer, its phone and the 15-minute promise', () => {
    const sms = soldSms({ ...request, business: { business_name: 'Cool Air Brothers', phone: '7135550188' } });
    expect(sms).toContain('Hi Peggy, Cool Air Brothers took your HVAC request');
    expect(sms).toContain('from (713) 555-0188');
    expect(sms).toContain('Expect a call within 15 minutes.');
    expect(soldEmail({ ...request, business: { business_name: 'X', phone: '+17135550188' } }).body).toContain(
      '(713) 555-0188',
    );
  });

  it('tells a late verdict: accepted and on its way, or what to fix', () => {
    expect(screenedSms(request, 'accepted')).toContain('Hi Peggy, your HVAC request was accepted');
    expect(screenedSms(request, 'released')).toContain('was checked again and accepted');
    const rejected = screenedSms({ ...request, reasons: ['phone:invalid_number'] }, 'rejected');
    expect(rejected).toContain('we could not accept your HVAC request');
    expect(rejected).toMatch(/phone number/i);
    expect(screenedEmail({ ...request, reasons: ['phone:invalid_number'] }, 'rejected').body).toMatch(/- .*phone/i);
  });

  it('does not invent a buyer it does not know', () => {
    expect(soldSms(request)).toContain('A local professional took your');
    expect(soldSms(request)).not.toContain(' from ');
  });

  it('tells an unsold request honestly: offered to some, or to nobody at all', () => {
    const offered = unsoldEmail({ ...request, offered: 3 }).body;
    expect(offered).toContain('we offered your HVAC request to 3 professionals near you and none of them took it');
    const nobody = unsoldEmail({ ...request, offered: 0 }).body;
    expect(nobody).toContain('it was offered to nobody');
    expect(nobody).not.toContain('we offered');
    expect(unsoldSms({ ...request, offered: 0 })).not.toContain('we offered');
    const sms = unsoldSms(request);
    expect(sms).toContain('no professional near you took your HVAC request');
    expect(sms).toContain('send it again');
  });

  it('no customer SMS or email holds a catalogue code: every service reads as its label', () => {
    const business = { business_name: 'Acme Pros', phone: '+15125550100' };
    for (const industry of SERVICE_CATALOGUE)
      for (const sub of industry.sub_services) {
        const lead = { customer_name: 'Sam Lee', service_category: industry.value, sub_service: sub.value };
        const texts = [
          soldSms({ ...lead, business }),
          ...Object.values(soldEmail({ ...lead, business })),
          ...[undefined, 0, 2].flatMap((offered) => [
            unsoldSms({ ...lead, offered }),
            ...Object.values(unsoldEmail({ ...lead, offered })),
          ]),
        ];
        for (const text of texts) {
          expect(codesIn(text), text).toEqual([]);
          expect(text, text).toContain(sub.label);
        }
      }
  });
});
