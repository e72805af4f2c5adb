import { describe, expect, it } from 'vitest';
import {
  autoCreditEmail,
  autoCreditReversedEmail,
  autoCreditSms,
  fundingReceiptEmail,
  refundDecisionEmail,
  lowBalanceEmail,
  welcomeEmail,
} from './contractor-messages.js';

describe('contractor messages', () => {
  it('welcome names the ID and says truly how alerts arrive', () => {
    const on = welcomeEmail({
      contact_name: 'Dana Diaz',
      contractor_id: 'CTR-1',
      sms_opt_in: true,
      credit_cents: 2500,
      dashboard_url: 'https://leads.example/dashboard',
    });
    expect(on.body).toMatch(/^Hi Dana,/);
    expect(on.body).toContain('Your dashboard: https://leads.example/dashboard');
    expect(on.body).toContain('Your contractor ID: CTR-1');
    expect(on.body).toContain('We text you each new lead');
    const off = welcomeEmail({
      contact_name: '',
      contractor_id: 'CTR-1',
      sms_opt_in: false,
      credit_cents: 2500,
      dashboard_url: 'x',
    });
    expect(off.body).toContain('we will not text you new leads');
    expect(off.body).not.toContain('We text you');
  });

  it('the low-balance email suggests auto-reload only when a card is saved for it', () => {
    const base = {
      contact_name: 'Dana',
      balance_cents: 500,
      cheapest_lead_cents: 2000,
      category: 'home_services',
      dashboard_url: 'x',
    };
    expect(lowBalanceEmail({ ...base, has_saved_card: true }).body).toContain('Turn on auto-reload under Wallet');
    const noCard = lowBalanceEmail(base).body;
    expect(noCard).not.toContain('Turn on auto-reload');
    expect(noCard).toContain('Add funds with a card under Wallet');
  });

  it('welcome promises the signup credit only when signup granted it', () => {
    const base = {
      contact_name: 'Dana',
      contractor_id: 'CTR-1',
      sms_opt_in: true,
      credit_cents: 2500,
      dashboard_url: 'x',
    };
    expect(welcomeEmail(base).body).toContain('Your wallet starts with $25.00 of free credit.');
    const again = welcomeEmail({ ...base, signup_credit: false }).body;
    expect(again).toContain('Your wallet starts empty');
    expect(again).not.toContain('starts with $25.00');
  });

  it('money reads as money and dates in words', () => {
    const r = fundingReceiptEmail({
      contact_name: null,
      source: 'checkout',
      amount_cents: 439_000,
      balance_cents: 441_500,
      funded_at: '2026-11-22T22:17:00.000Z',
      dashboard_url: 'x',
    });
    expect(r.subject).toBe('Receipt: $4,390.00 added to your leadmarket wallet');
    expect(r.body).toContain('Card payment of $4,390.00 charged to your saved card on Nov 22, 2026, 10:17 PM UTC.');
    const d = refundDecisionEmail({
      contact_name: null,
      lead_id: 'abcdef12-0000',
      decision: 'approved',
      amount_cents: 2000,
      dashboard_url: 'x',
    });
    expect(d.body).toContain('$20.00 is back in your leadmarket wallet');
  });
});

describe('automatic-credit notices', () => {
  const credit = {
    contact_name: 'Pat Doe',
    lead_id: '0123abcd-0000-4000-8000-000000000000',
    amount_cents: 123450,
    balance_cents: 150000,
    reason: "The customer's phone number cannot receive calls or texts",
    service_category: 'home_services',
    zip_code: '94107',
    dashboard_url: 'https://leads.example.test/dashboard',
  };

  it('email names the lead, the amount as people write it, the reason and where the evidence is', () => {
    const email = autoCreditEmail(credit);
    expect(email.subject).toBe('Automatic credit: $1,234.50 back for lead 0123abcd');
    expect(email.body).toContain('Hi Pat,');
    expect(email.body).toContain("Why: The customer's phone number cannot receive calls or texts.");
    expect(email.body).toContain('$1,500.00');
    expect(email.body).toContain('https://leads.example.test/dashboard');
  });

  it('SMS is short and says the amount and lead', () => {
    expect(autoCreditSms(credit)).toBe(
      "leadmarket: $1,234.50 is back in your wallet for lead 0123abcd. The customer's phone number cannot receive calls or texts. Details in your Wallet tab.",
    );
  });

  it('reversal email gives the admin reason', () => {
    const email = autoCreditReversedEmail({ ...credit, admin_notes: 'The customer answered on a second try' });
    expect(email.subject).toBe('Automatic credit for lead 0123abcd was reversed');
    expect(email.body).toContain('Reason: The customer answered on a second try');
  });
});
