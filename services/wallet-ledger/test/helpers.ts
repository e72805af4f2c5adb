import { randomBytes, randomUUID } from 'node:crypto';
import type { EventData, EventType } from '@leadmarket/contracts';
import { startTestStack, type TestStack } from '@leadmarket/gateway/testing';
import { buildEnvelope, sessionCache, type RunningService } from '@leadmarket/platform';
import { waitFor } from '@leadmarket/platform/testing';
import { afterAll, beforeAll } from 'vitest';
import { service } from '../src/index.js';
import type { WalletLedgerDatabase } from '../src/db/database.js';
import type { Kysely } from 'kysely';

/** The marketplace with only wallet-ledger running (other services are not needed by these tests). */
export async function startWalletStack(env: Record<string, string | undefined> = {}) {
  const stack = await startTestStack({ services: [service], env });
  const wallet = stack.marketplace.services.get('wallet-ledger') as RunningService;
  return { stack, wallet, db: wallet.ctx.db as Kysely<WalletLedgerDatabase> };
}

/**
 * Starts the wallet-ledger stack before a file's (or a describe block's) tests and stops it after
 * them, so each test file says only what it keeps of the running stack.
 */
export function walletStackForFile(
  use: (started: Awaited<ReturnType<typeof startWalletStack>>) => void,
  env: Record<string, string | undefined> = {},
) {
  let started: Awaited<ReturnType<typeof startWalletStack>> | undefined;
  beforeAll(async () => {
    started = await startWalletStack(env);
    use(started);
  });
  afterAll(async () => {
    await started?.stack.stop();
  });
}

/** A signed-in contractor as the gateway sees it: its session cached, as the contractors service would have it resolved. */
export async function signIn(stack: TestStack, contractorId = `c_${randomBytes(6).toString('hex')}`) {
  const token = randomBytes(32).toString('base64url');
  await sessionCache(stack.infra.kv).put('contractor', token, contractorId, 3600);
  return { contractorId, token };
}

/** Publish an event as its producer would. */
export async function publish<T extends EventType>(stack: TestStack, type: T, data: EventData<T>) {
  await stack.infra.bus.publish(buildEnvelope('contractors', { type, data }));
}

/** ContractorRegistered for an HVAC / Repair contractor in 12345 (the trade screenLead's leads are in). */
export const registeredData = (
  contractorId: string,
  over: Partial<EventData<'ContractorRegistered'>> = {},
): EventData<'ContractorRegistered'> => ({
  contractor_id: contractorId,
  business_name: 'Acme',
  contact_name: 'Ann',
  email: `${contractorId}@example.com`,
  phone: '+15555550100',
  industry: 'HVAC',
  sub_service: 'Repair',
  zip_codes: ['12345'],
  sms_opt_in: true,
  registered_at: new Date().toISOString(),
  ...over,
});

/** A contractor registers; resolves once the $25 credit is in the wallet. */
export async function register(stack: TestStack, wallet: RunningService, contractorId: string) {
  await publish(stack, 'ContractorRegistered', registeredData(contractorId));
  await waitFor(
    () =>
      wallet.ctx.db
        .selectFrom('ledger_transactions')
        .select('id')
        .where('reference', '=', `signup:${contractorId}`)
        .executeTakeFirst(),
    'signup credit',
    15_000,
  );
}

/** A lead screened valid (or rejected); resolves once wallet-ledger has fixed its price. */
export async function screenLead(
  stack: TestStack,
  wallet: RunningService,
  over: Partial<EventData<'LeadScreened'>> = {},
) {
  const leadId = over.lead_id ?? randomUUID();
  const now = new Date().toISOString();
  await publish(stack, 'LeadScreened', {
    lead_id: leadId,
    status: 'valid',
    validation_summary: {
      phone_valid: true,
      email_valid: true,
      content_valid: true,
      is_duplicate: false,
      ip_rate_ok: true,
    },
    reasons: [],
    service_category: 'HVAC',
    sub_service: 'Repair',
    zip_code: '12345',
    urgency: 'Standard',
    description: 'Furnace is out',
    preferred_contractor_id: null,
    is_test: false,
    submitted_at: now,
    screened_at: now,
    ...over,
  });
  await waitFor(
    () => wallet.ctx.db.selectFrom('leads').select('lead_id').where('lead_id', '=', leadId).executeTakeFirst(),
    'lead price fixed',
    15_000,
  );
  return leadId;
}

/** The ledger check of the admin route must be clean. */
export async function ledgerCheck(stack: TestStack) {
  return stack.marketplace.clients.call('wallet-ledger', '/internal/ledger-check');
}

/** A contractor's wallet balance in cents (internal route). */
export async function balanceOf(stack: TestStack, contractorId: string): Promise<number> {
  const w = await stack.marketplace.clients.call<{ balance_cents: number }>(
    'wallet-ledger',
    `/internal/wallets/${contractorId}`,
  );
  return w.balance_cents;
}

/** Record that `contractorId` was offered the lead (what LeadMatched does), so the dashboard may sell it outside its trade. */
export async function offerTo(wallet: RunningService, leadId: string, contractorId: string) {
  await wallet.ctx.db
    .insertInto('lead_offers')
    .values({ lead_id: leadId, contractor_id: contractorId, offered_at: new Date() })
    .onConflict((oc) => oc.doNothing())
    .execute();
}

/** A lead at `cents`, in a category of its own, offered to `buyer` (so the dashboard may sell it). */
export async function pricedLeadOffered(stack: TestStack, wallet: RunningService, cents: number, buyer: string) {
  const category = `Priced${randomUUID().slice(0, 8)}`;
  await stack.marketplace.clients.call('wallet-ledger', '/internal/lead-prices', {
    method: 'PUT',
    body: { category, lead_type: 'standard', price_cents: cents },
  });
  const leadId = await screenLead(stack, wallet, { service_category: category });
  await offerTo(wallet, leadId, buyer);
  return leadId;
}
