import { functionPath, LeadReceiptQuerySchema } from '@leadmarket/contracts';
import type { ServiceApp, ServiceContext } from '@leadmarket/platform';
import { contractorsByIds, leadsByIds } from '../owners/lookups.js';
import { ownerCall } from '../owners/owner-call.js';
import type { AdminDatabase } from '../db/database.js';

/**
 * admin-lead-receipt: the proof of exclusivity of a sold lead as its buyer sees it,
 * composed from wallet-ledger's receipt and the lead and buyer as their owners describe them.
 * A lead never bought answers wallet-ledger's 404 in plain words.
 */
export function registerLeadReceiptRoutes(app: ServiceApp, ctx: ServiceContext<AdminDatabase>): void {
  app.get(functionPath('admin-lead-receipt'), { schema: { querystring: LeadReceiptQuerySchema } }, async (request) => {
    const leadId = request.query.lead_id;
    const receipt = await ownerCall(ctx, 'leadReceipt', { params: { lead_id: leadId } });
    // The names are a courtesy: the receipt stands without them if an owner cannot answer.
    const [lead, buyer] = await Promise.all([
      leadsByIds(ctx, [leadId]).then(
        (m) => m.get(leadId) ?? null,
        () => null,
      ),
      contractorsByIds(ctx, [receipt.receipt.contractor_id]).then(
        (m) => m.get(receipt.receipt.contractor_id) ?? null,
        () => null,
      ),
    ]);
    return {
      ...receipt,
      lead: lead && {
        id: lead.id,
        service_category: lead.service_category,
        sub_service: lead.sub_service,
        zip_code: lead.zip_code,
        status: lead.status,
      },
      buyer: buyer && { id: buyer.id, business_name: buyer.business_name },
    };
  });
}
