import {
  AdminLeadPricingResetSchema,
  AdminLeadPricingUpdateSchema,
  AdminPricingHistoryQuerySchema,
  functionPath,
  isMatrixRow,
  PRICE_MATRIX_ROWS,
  PRICE_MESSAGES,
  type PriceRowRef,
} from '@leadmarket/contracts';
import { adminIdOf, badRequest, type ServiceApp, type ServiceContext } from '@leadmarket/platform';
import { recordAudit } from '../use-cases/record-audit.js';
import { adminEmails } from '../db/admin.repository.js';
import { centsToDollars, optionalDollars, pricingUpdatedMessage } from '../domain/money.js';
import { ownerCall } from '../owners/owner-call.js';
import type { AdminDatabase } from '../db/database.js';

/** The name of a matrix row as the pricing tab shows it ("HVAC", "Auto"). */
const rowLabel = (row: PriceRowRef) =>
  PRICE_MATRIX_ROWS.find((r) => r.category === row.category && r.sub_service === row.sub_service)?.label ??
  row.category;

/** Only rows the matrix shows can be priced: a price on any other row would apply to no lead. */
function matrixRow(input: { category: string; sub_service: string }): PriceRowRef {
  const row = { category: input.category, sub_service: input.sub_service };
  if (!isMatrixRow(row)) throw badRequest(PRICE_MESSAGES.unknownRow, 'category');
  return row;
}

const auditTarget = (row: PriceRowRef, leadType: string) =>
  `${row.sub_service ? `${row.category}/${row.sub_service}` : row.category}/${leadType}`;

/** admin-pricing, admin-lead-pricing GET/PUT/DELETE, admin-pricing-history: prices live in wallet-ledger. */
export function registerPricingRoutes(app: ServiceApp, ctx: ServiceContext<AdminDatabase>): void {
  const prices = async () => (await ownerCall(ctx, 'leadPrices', {})).prices ?? [];

  app.get(functionPath('admin-pricing'), async () => {
    const category_pricing: Record<string, Record<string, number>> = {};
    for (const p of await prices())
      (category_pricing[p.sub_service ? `${p.category}/${p.sub_service}` : p.category] ??= {})[p.lead_type] =
        centsToDollars(p.price_cents);
    return { category_pricing };
  });

  app.get(functionPath('admin-lead-pricing'), async () =>
    (await prices()).map((p) => ({
      category: p.category,
      sub_service: p.sub_service ?? '',
      lead_type: p.lead_type,
      price: centsToDollars(p.price_cents),
    })),
  );

  app.put(functionPath('admin-lead-pricing'), async (request) => {
    const input = AdminLeadPricingUpdateSchema.parse(request.body ?? {});
    const row = matrixRow(input);
    const changed = await ownerCall(ctx, 'setLeadPrice', {
      body: { ...row, lead_type: input.lead_type, price_cents: input.price_cents, admin_id: adminIdOf(request) },
    });
    await recordAudit(ctx, request, {
      action: 'lead_price.update',
      target_type: 'lead_price',
      target_id: auditTarget(row, input.lead_type),
      before: { price_cents: changed.old_price_cents ?? null },
      after: { price_cents: changed.new_price_cents },
    });
    return {
      success: true as const,
      message: pricingUpdatedMessage(rowLabel(row), input.lead_type, changed.new_price_cents),
      ...row,
      lead_type: input.lead_type,
      old_price: optionalDollars(changed.old_price_cents),
      new_price: centsToDollars(changed.new_price_cents),
    };
  });

  // "Reset to default": the cell loses its own price; its leads fall back trade → industry → default.
  app.delete(functionPath('admin-lead-pricing'), async (request) => {
    const input = AdminLeadPricingResetSchema.parse({
      ...(request.query as object),
      ...((request.body as object) ?? {}),
    });
    const row = matrixRow(input);
    const changed = await ownerCall(ctx, 'resetLeadPrice', {
      body: { ...row, lead_type: input.lead_type, admin_id: adminIdOf(request) },
    });
    if (changed.old_price_cents !== null)
      await recordAudit(ctx, request, {
        action: 'lead_price.reset',
        target_type: 'lead_price',
        target_id: auditTarget(row, input.lead_type),
        before: { price_cents: changed.old_price_cents },
        after: { price_cents: null },
      });
    return {
      success: true as const,
      message: `Reset ${rowLabel(row)} ${input.lead_type} pricing to default`,
      ...row,
      lead_type: input.lead_type,
      old_price: optionalDollars(changed.old_price_cents),
      new_price: null,
    };
  });

  app.get(functionPath('admin-pricing-history'), async (request) => {
    const query = AdminPricingHistoryQuerySchema.parse(request.query);
    const answer = await ownerCall(ctx, 'leadPriceHistory', { query: { limit: query.limit } });
    const history = answer.history ?? [];
    const emails = await adminEmails(
      ctx.db,
      [...new Set(history.map((h) => h.admin_id ?? ''))].filter((id) => /^[0-9a-f-]{36}$/i.test(id)),
    );
    return history.map((h) => ({
      category: h.category,
      sub_service: h.sub_service ?? '',
      lead_type: h.lead_type,
      old_price: optionalDollars(h.old_price_cents),
      new_price: optionalDollars(h.new_price_cents),
      timestamp: h.timestamp,
      admin_id: h.admin_id ?? null,
      admin_email: h.admin_id ? (emails.get(h.admin_id) ?? null) : null,
    }));
  });
}
