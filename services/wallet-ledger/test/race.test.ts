import { SIGNUP_CREDIT_CENTS } from '@leadmarket/contracts';
import type { TestStack } from '@leadmarket/gateway/testing';
import type { RunningService } from '@leadmarket/platform';
import { waitFor } from '@leadmarket/platform/testing';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { platformBalance } from '../src/db/ledger.repository.js';
import { PLATFORM_ACCOUNTS } from '../src/domain/ledger.js';
import { ledgerCheck, publish, registeredData, screenLead, signIn, walletStackForFile } from './helpers.js';

let stack: TestStack;
let wallet: RunningService;
walletStackForFile((started) => ({ stack, wallet } = started));

const CONTRACTORS = 200;

describe('200 contractors race for one lead', () => {
  it(
    'exactly one success, 199 clean refusals, money conserved but for the one price',
    { timeout: 120_000 },
    async () => {
      const people = await Promise.all(Array.from({ length: CONTRACTORS }, () => signIn(stack)));
      for (const p of people) {
        await publish(
          stack,
          'ContractorRegistered',
          registeredData(p.contractorId, { business_name: 'Racer', contact_name: 'R' }),
        );
      }
      const ids = people.map((p) => p.contractorId);
      const totals = async () => {
        const wallets = await wallet.ctx.db
          .selectFrom('accounts')
          .select(sql<number>`coalesce(sum(balance_cents), 0)`.as('s'))
          .where('contractor_id', 'in', ids)
          .executeTakeFirstOrThrow();
        const revenue = await platformBalance(wallet.ctx.db, PLATFORM_ACCOUNTS.revenue);
        return { wallets: Number(wallets.s), revenue };
      };
      await waitFor(
        async () => (await totals()).wallets === CONTRACTORS * SIGNUP_CREDIT_CENTS,
        'every wallet funded',
        60_000,
        100,
      );
      const leadId = await screenLead(stack, wallet);
      const before = await totals();

      const answers = await Promise.all(
        people.map((p) =>
          stack.call('purchase-lead', {
            body: { lead_id: leadId, contractor_id: p.contractorId, session_token: p.token },
          }),
        ),
      );
      const statuses = answers.map((a) => a.status);
      expect(statuses.filter((s) => s >= 500)).toEqual([]);
      expect(statuses.filter((s) => s === 200)).toHaveLength(1);
      expect(statuses.filter((s) => s === 409)).toHaveLength(CONTRACTORS - 1);
      for (const refused of answers.filter((a) => a.status === 409))
        expect(refused.body.message).toMatch(/already been purchased/);

      const after = await totals();
      expect(after.wallets).toBe(before.wallets - 2000);
      expect(after.revenue).toBe(before.revenue + 2000);
      expect(after.wallets + after.revenue).toBe(before.wallets + before.revenue);
      const sold = await wallet.ctx.db
        .selectFrom('purchases')
        .select('contractor_id')
        .where('lead_id', '=', leadId)
        .execute();
      expect(sold).toHaveLength(1);
      const winner = people[statuses.indexOf(200)]!;
      expect(sold[0]!.contractor_id).toBe(winner.contractorId);
      expect((await ledgerCheck(stack)).ok).toBe(true);
    },
  );
});
