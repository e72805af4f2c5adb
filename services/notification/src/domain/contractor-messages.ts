import { formatCents, formatDateTime, humanizeValue } from '@leadmarket/contracts';

/** Texts of the messages a contractor receives about their own account (pure; unit-tested). */

const greeting = (name: string | null | undefined) => (name ? `Hi ${name.split(' ')[0]},` : 'Hello,');

/** The welcome email: it names the contractor ID the claim page asks for, and says truly how alerts arrive. */
export function welcomeEmail(w: {
  contact_name: string;
  contractor_id: string;
  sms_opt_in: boolean;
  credit_cents: number;
  /** False when signup granted no credit (the email or phone of a deleted account, ADR 0007). */
  signup_credit?: boolean;
  /** The contractor dashboard's address (dashboardUrl of the public base URL). */
  dashboard_url: string;
}): { subject: string; body: string } {
  const wallet =
    w.signup_credit === false
      ? `Your wallet starts empty: the ${formatCents(w.credit_cents)} signup credit is given once per person, and this email or phone number belonged to an account that was closed. Add funds in your dashboard to buy leads.`
      : `Your wallet starts with ${formatCents(w.credit_cents)} of free credit.`;
  const alerts = w.sms_opt_in
    ? 'We text you each new lead in your ZIP codes with a claim link; the first contractor to claim it gets it.'
    : 'You did not agree to SMS alerts, so we will not text you new leads. Check Available leads in your dashboard, or turn on SMS alerts in Settings to be told the moment a lead arrives.';
  return {
    subject: `Welcome to leadmarket - your contractor ID is ${w.contractor_id}`,
    body: [
      greeting(w.contact_name),
      '',
      'Your leadmarket account is ready.',
      '',
      `Your contractor ID: ${w.contractor_id}`,
      'Keep it: the claim page of every lead link asks for it (it is filled in for you when you are signed in on that browser).',
      '',
      wallet,
      alerts,
      '',
      `Your dashboard: ${w.dashboard_url}`,
    ].join('\n'),
  };
}

/** The welcome SMS (only with consent): the ID, short. */
export const welcomeSms = (contractorId: string): string =>
  `leadmarket: Welcome! Your contractor ID is ${contractorId}. You will get new leads here with a claim link. Reply STOP to opt out.`;

/** A refund decision, by email. */
export function refundDecisionEmail(d: {
  contact_name: string | null;
  lead_id: string;
  decision: 'approved' | 'rejected';
  amount_cents: number;
  admin_notes?: string;
  /** The contractor dashboard's address (dashboardUrl of the public base URL). */
  dashboard_url: string;
}): { subject: string; body: string } {
  const lead = d.lead_id.slice(0, 8);
  const approved = d.decision === 'approved';
  return {
    subject: approved
      ? `Refund approved: ${formatCents(d.amount_cents)} is back in your wallet`
      : `Refund request for lead ${lead} was declined`,
    body: [
      greeting(d.contact_name),
      '',
      approved
        ? `Your refund request for lead ${lead} was approved. ${formatCents(d.amount_cents)} is back in your leadmarket wallet, and the lead now shows under Refunded in your dashboard.`
        : `Your refund request for lead ${lead} (${formatCents(d.amount_cents)}) was declined. The lead stays in your Purchased leads.`,
      ...(d.admin_notes?.trim() ? ['', `Note from our team: ${d.admin_notes.trim()}`] : []),
      '',
      `Your dashboard: ${d.dashboard_url}`,
    ].join('\n'),
  };
}

/** A refund decision, by SMS (only with consent). */
export const refundDecisionSms = (d: { lead_id: string; decision: 'approved' | 'rejected'; amount_cents: number }) =>
  d.decision === 'approved'
    ? `leadmarket: Your refund for lead ${d.lead_id.slice(0, 8)} was approved; ${formatCents(d.amount_cents)} is back in your wallet.`
    : `leadmarket: Your refund request for lead ${d.lead_id.slice(0, 8)} was declined. Details in your email.`;

/** The receipt of a card charge (a checkout payment or an automatic reload). */
export function fundingReceiptEmail(r: {
  contact_name: string | null;
  source: 'checkout' | 'auto_reload';
  amount_cents: number;
  balance_cents: number;
  funded_at: string;
  /** The contractor dashboard's address (dashboardUrl of the public base URL). */
  dashboard_url: string;
}): { subject: string; body: string } {
  const what = r.source === 'auto_reload' ? 'Automatic reload' : 'Card payment';
  return {
    subject: `Receipt: ${formatCents(r.amount_cents)} added to your leadmarket wallet`,
    body: [
      greeting(r.contact_name),
      '',
      `${what} of ${formatCents(r.amount_cents)} charged to your saved card on ${formatDateTime(r.funded_at)}.`,
      `Wallet balance after this payment: ${formatCents(r.balance_cents)}.`,
      ...(r.source === 'auto_reload'
        ? ['', 'Auto-reload charges your card when your balance falls below your threshold; change it under Wallet.']
        : []),
      '',
      `Your wallet statement: ${r.dashboard_url}`,
    ].join('\n'),
  };
}

/** The wallet has just fallen below the cheapest lead in the contractor's category. */
export function lowBalanceEmail(l: {
  contact_name: string | null;
  balance_cents: number;
  cheapest_lead_cents: number;
  category: string;
  /** Auto-reload charges a saved card: without one, turning it on is not offered. */
  has_saved_card?: boolean;
  /** The contractor dashboard's address (dashboardUrl of the public base URL). */
  dashboard_url: string;
}): { subject: string; body: string } {
  return {
    subject: `Your leadmarket balance is ${formatCents(l.balance_cents)}: add funds to keep buying leads`,
    body: [
      greeting(l.contact_name),
      '',
      `Your wallet balance is ${formatCents(l.balance_cents)}, less than the cheapest ${humanizeValue(l.category)} lead (${formatCents(l.cheapest_lead_cents)}), so you cannot buy or claim new leads until you add funds.`,
      l.has_saved_card
        ? 'Turn on auto-reload under Wallet to top up automatically next time.'
        : 'Add funds with a card under Wallet: the card is saved, and you can then turn on auto-reload to top up automatically next time.',
      '',
      `Add funds: ${l.dashboard_url}`,
    ].join('\n'),
  };
}

/** The automatic-credit notice (email): which lead, how much, and the rule in plain words. */
export function autoCreditEmail(c: {
  contact_name: string | null;
  lead_id: string;
  amount_cents: number;
  balance_cents: number;
  reason: string;
  service_category: string;
  zip_code: string;
  /** The contractor dashboard's address (dashboardUrl of the public base URL). */
  dashboard_url: string;
}): { subject: string; body: string } {
  const lead = c.lead_id.slice(0, 8);
  return {
    subject: `Automatic credit: ${formatCents(c.amount_cents)} back for lead ${lead}`,
    body: [
      greeting(c.contact_name),
      '',
      `We refunded ${formatCents(c.amount_cents)} for lead ${lead} (${humanizeValue(c.service_category)}, ZIP ${c.zip_code}) automatically; you did not need to ask.`,
      `Why: ${c.reason}.`,
      `Your wallet balance is now ${formatCents(c.balance_cents)}.`,
      '',
      `The evidence is listed under Automatic credits in your Wallet tab: ${c.dashboard_url}`,
    ].join('\n'),
  };
}

/** The automatic-credit notice (SMS, only with consent). */
export const autoCreditSms = (c: { lead_id: string; amount_cents: number; reason: string }) =>
  `leadmarket: ${formatCents(c.amount_cents)} is back in your wallet for lead ${c.lead_id.slice(0, 8)}. ${c.reason}. Details in your Wallet tab.`;

/** An admin reversed an automatic credit (email): the amount taken back and the admin's reason. */
export function autoCreditReversedEmail(r: {
  contact_name: string | null;
  lead_id: string;
  amount_cents: number;
  balance_cents: number;
  admin_notes: string;
  /** The contractor dashboard's address (dashboardUrl of the public base URL). */
  dashboard_url: string;
}): { subject: string; body: string } {
  const lead = r.lead_id.slice(0, 8);
  return {
    subject: `Automatic credit for lead ${lead} was reversed`,
    body: [
      greeting(r.contact_name),
      '',
      `Our team reversed the automatic credit of ${formatCents(r.amount_cents)} for lead ${lead}; the amount was taken from your wallet again.`,
      `Reason: ${r.admin_notes}`,
      `Your wallet balance is now ${formatCents(r.balance_cents)}.`,
      '',
      `Your dashboard: ${r.dashboard_url}`,
    ].join('\n'),
  };
}

/** A webhook endpoint was disabled after failing for the whole retry window (email). */
export function webhookDisabledEmail(c: {
  contact_name: string | null;
  dashboard_url: string;
  url: string;
  hours: number;
}): { subject: string; body: string } {
  return {
    subject: 'Your leadmarket webhook endpoint was turned off',
    body: [
      greeting(c.contact_name),
      '',
      `We could not deliver to your webhook endpoint ${c.url} for ${c.hours} hours, so we turned it off.`,
      'Nothing more is sent to it until you turn it back on. The delivery log shows every attempt and what the endpoint answered,',
      'and any delivery can be sent again from there once your endpoint works.',
      '',
      `Settings → Integrations in your dashboard: ${c.dashboard_url}`,
    ].join('\n'),
  };
}
