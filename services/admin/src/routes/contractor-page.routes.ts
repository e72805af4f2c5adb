import { type AdminContractorPage, AdminContractorQuerySchema, functionPath } from '@leadmarket/contracts';
import { HttpError, type ServiceApp, type ServiceContext } from '@leadmarket/platform';
import { centsToDollars } from '../domain/money.js';
import { leadsByIds } from '../owners/lookups.js';
import { ownerCall } from '../owners/owner-call.js';
import type { AdminDatabase } from '../db/database.js';

/**
 * admin-contractor: everything about one contractor on one page — profile, wallet statement,
 * leads bought, refund requests, automatic credits, SMS consent record. Each part comes from its owner; a part whose
 * owner cannot answer is reported as unavailable with the reason, the rest still shows.
 */
export function registerContractorPageRoutes(app: ServiceApp, ctx: ServiceContext<AdminDatabase>): void {
  app.get(functionPath('admin-contractor'), async (request): Promise<AdminContractorPage> => {
    const query = AdminContractorQuerySchema.parse(request.query);
    const contractor = await ownerCall(ctx, 'contractor', { params: { id: query.contractor_id } });
    const wallet = { contractor_id: contractor.id };
    const [statement, bought, refunds, consents, autoCredits] = await Promise.all([
      part(() =>
        ownerCall(ctx, 'walletStatement', { params: wallet, query: { limit: query.limit, offset: query.offset } }),
      ),
      part(() => ownerCall(ctx, 'claimedLeads', { params: { id: contractor.id } })),
      part(() => ownerCall(ctx, 'refunds', { query: { contractor_id: contractor.id } })),
      part(() => ownerCall(ctx, 'contractorConsents', { params: { id: contractor.id } })),
      part(() => ownerCall(ctx, 'autoCredits', { params: wallet })),
    ]);
    const refundLeads = refunds.ok
      ? await leadsByIds(
          ctx,
          refunds.value.refunds.map((r) => String(r.lead_id)),
        )
      : null;
    return {
      contractor,
      statement: statement.ok
        ? {
            available: true as const,
            balance: centsToDollars(statement.value.balance_cents),
            total: Number(statement.value.total),
            limit: query.limit,
            offset: query.offset,
            entries: (statement.value.entries ?? []).map((e) => ({
              transaction_id: e.transaction_id,
              occurred_at: e.occurred_at,
              kind: e.kind,
              label: e.label,
              lead_id: e.lead_id,
              amount: centsToDollars(e.amount_cents),
              balance_after: centsToDollars(e.balance_after_cents),
            })),
          }
        : { available: false as const, reason: statement.reason },
      leads_bought: bought.ok
        ? { available: true as const, leads: bought.value.claimed_leads ?? [] }
        : { available: false as const, reason: bought.reason },
      refunds: refunds.ok
        ? {
            available: true as const,
            requests: refunds.value.refunds.map((r) => ({
              id: String(r.id),
              lead_id: String(r.lead_id),
              amount: centsToDollars(Number(r.amount_cents)),
              status: String(r.status),
              reason: r.reason ?? null,
              requested_at: r.requested_at,
              processed_at: r.processed_at ?? null,
              admin_notes: r.admin_notes ?? null,
              lead: refundLeads?.get(String(r.lead_id)) ?? null,
            })),
          }
        : { available: false as const, reason: refunds.reason },
      auto_credits: autoCredits.ok
        ? {
            available: true as const,
            credits: autoCredits.value.credits.map((c) => ({
              id: c.id,
              lead_id: c.lead_id,
              rule: c.rule,
              reason: c.reason,
              evidence: c.evidence,
              amount: centsToDollars(c.amount_cents),
              service_category: c.service_category,
              zip_code: c.zip_code,
              observed_at: c.observed_at,
              credited_at: c.credited_at,
              status: c.status,
              reversed_at: c.reversed_at,
              reversal_notes: c.reversal_notes,
            })),
          }
        : { available: false as const, reason: autoCredits.reason },
      sms_consent: consents.ok
        ? { available: true as const, records: consents.value.consents ?? [] }
        : { available: false as const, reason: consents.reason },
    };
  });
}

/** One part of the page: its value, or why its owner could not give it. */
async function part<T>(load: () => Promise<T>): Promise<{ ok: true; value: T } | { ok: false; reason: string }> {
  try {
    return { ok: true, value: await load() };
  } catch (error) {
    if (error instanceof HttpError) return { ok: false, reason: error.message };
    throw error;
  }
}
