// Every CSV a person downloads gets the same formula-leading text and must hand it back as text, never
// as a live spreadsheet formula: the admin service's exports (leads and contractors, "Export all
// matching"), the admin screens' own exports of the rows they hold (a page of leads or contractors,
// the transaction log) and the contractor's wallet statement. The values are ASCII = + - @, a tab, a
// carriage return and the full-width ＝＋－＠ that some spreadsheets also read as formulas.
import { readFileSync } from 'node:fs';
import type { Kysely } from 'kysely';
import type { Page } from 'playwright-core';
import { waitFor } from '@leadmarket/platform/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ContractorsDatabase } from '../../services/contractors/src/db/database.js';
import type { LeadIntakeDatabase } from '../../services/lead-intake/src/db/database.js';
import { statementCsv } from '../../services/wallet-ledger/src/domain/statement.js';
import { startE2e, type E2eEnv } from '../src/harness.js';
import { callFunction, signUpByApi } from '../src/helpers.js';

const ADMIN_EMAIL = 'e2e-csv-admin@leadmarket.test';
const ADMIN_PASSWORD = 'e2e-csv-admin-password-1';

const STARTS = ['=', '+', '-', '@', '\t', '\r', '＝', '＋', '－', '＠'] as const;
const customerName = (i: number) => `${STARTS[i]}SUM(A1) Tester`;
const description = (i: number) => `${STARTS[i]}HYPERLINK("http://evil.example/","Open the quote")`;
const businessName = (i: number) => `${STARTS[i]}cmd|' /C calc'!A0 Heating ${i}`;
/** What a spreadsheet must receive for `text`: the same text behind an apostrophe, so it stays text. */
const neutralised = (text: string) => `'${text}`;

let env: E2eEnv;
const leadIds: string[] = [];
const contractorIds: string[] = [];

const api = (name: string, init: Parameters<typeof callFunction>[2] = {}) => callFunction(env.baseUrl, name, init);

function dbOf<DB>(service: 'lead-intake' | 'contractors'): Kysely<DB> {
  return env.marketplace.services.get(service)!.ctx.db as unknown as Kysely<DB>;
}

/** RFC 4180 records: quoted cells may hold commas, doubled quotes and line breaks. */
function parseCsv(text: string): string[][] {
  const records: string[][] = [];
  let record: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else cell += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ',') {
      record.push(cell);
      cell = '';
    } else if (ch === '\r' && text[i + 1] === '\n') {
      record.push(cell);
      records.push(record);
      record = [];
      cell = '';
      i++;
    } else cell += ch;
  }
  if (cell !== '' || record.length > 0) records.push([...record, cell]);
  return records;
}

/** The CSV's rows as objects keyed by its header line. */
function csvObjects(text: string): Array<Record<string, string>> {
  const [header, ...rows] = parseCsv(text);
  expect(header, 'a header line').toBeDefined();
  return rows.map((cells) => Object.fromEntries(header!.map((name, i) => [name, cells[i] ?? ''])));
}

/** Each of our records' cell in `column`, found by `key`, is the neutralised form of `expected(i)`. */
function expectNeutralised(
  rows: Array<Record<string, string>>,
  key: string,
  ids: string[],
  column: string,
  expected: (i: number) => string,
) {
  ids.forEach((id, i) => {
    const row = rows.find((r) => r[key] === id);
    expect(row, `${column} of ${id}`).toBeDefined();
    expect(row![column], `${column} starting with ${JSON.stringify(STARTS[i])}`).toBe(neutralised(expected(i)));
  });
}

/** Click `button` and read the CSV file the browser downloads. */
async function download(page: Page, button: RegExp): Promise<string> {
  const [file] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: button }).click()]);
  return readFileSync((await file.path())!, 'utf8');
}

async function openTab(page: Page, name: string) {
  await page.getByRole('tab', { name, exact: true }).click();
}

describe('every CSV export neutralises formula-leading text', () => {
  beforeAll(async () => {
    process.env.ADMIN_EMAIL = ADMIN_EMAIL;
    process.env.ADMIN_PASSWORD = ADMIN_PASSWORD;
    env = await startE2e();
    const login = await api('admin-login', { body: { password: ADMIN_PASSWORD } });
    expect(login.status).toBe(200);
    const token = login.body.session_token as string;

    for (let i = 0; i < STARTS.length; i++) {
      const lead = await api('admin-utilities', {
        token,
        body: {
          action: 'create_lead',
          customer_name: `Formula Tester ${i}`,
          phone: `(415) 629-${String(7900 + i)}`,
          email: `formula${i}@example.com`,
          service_category: 'home_services',
          sub_service: 'hvac',
          zip_code: '30301',
          description: 'The furnace makes a loud banging noise when it starts up',
        },
      });
      expect(lead.status, JSON.stringify(lead.body)).toBe(200);
      leadIds.push(lead.body.lead_id as string);
      const contractor = await signUpByApi(env.baseUrl, {
        name: 'Ann Smith',
        business: `Formula Heating ${i}`,
        email: `formula.heating${i}@example.com`,
        phone: `(415) 555-${String(2100 + i)}`,
        zip: '30301',
        user: `formula_heating_${i}`,
        sms: false,
      });
      contractorIds.push(contractor.contractorId);
    }
    // The forms trim what people type, so a leading tab or CR never arrives through them; the
    // stored rows are given the values directly, as any other way in (an import, an older
    // version, a future form) could leave them.
    for (const [i, id] of leadIds.entries())
      await dbOf<LeadIntakeDatabase>('lead-intake')
        .updateTable('leads')
        .set({ customer_name: customerName(i), description: description(i) })
        .where('id', '=', id)
        .execute();
    for (const [i, id] of contractorIds.entries())
      await dbOf<ContractorsDatabase>('contractors')
        .updateTable('contractors')
        .set({ business_name: businessName(i) })
        .where('id', '=', id)
        .execute();
    // The transaction log names each contractor once its signup credit is posted.
    await waitFor(
      async () => {
        const listed = await api('admin-transactions?limit=100', { token });
        const credited = new Set(
          (listed.body?.transactions ?? []).map((t: { contractor_id: string }) => t.contractor_id),
        );
        return contractorIds.every((id) => credited.has(id));
      },
      'every signup credit in the transaction log',
      60_000,
      250,
    );
  }, 240_000);
  afterAll(async () => {
    await env?.stop();
  });

  it('the admin exports, the server’s and the screens’ own, hand the values back as text', async () => {
    const { context, page } = await env.newPage();
    await page.goto('/admin');
    await page.getByLabel('Admin password').fill(ADMIN_PASSWORD);
    await page.getByLabel('Admin password').press('Enter');
    await page.getByRole('heading', { name: 'Admin Dashboard' }).waitFor();

    await openTab(page, 'Leads');
    await page.getByRole('button', { name: /^Export all matching \(10\)/ }).waitFor();
    for (const button of [/^Export all matching/, /^Export this page/]) {
      const rows = csvObjects(await download(page, button));
      expectNeutralised(rows, 'id', leadIds, 'customer_name', customerName);
      expectNeutralised(rows, 'id', leadIds, 'description', description);
    }

    await openTab(page, 'Contractors');
    await page.getByRole('button', { name: /^Export all matching \(10\)/ }).waitFor();
    for (const button of [/^Export all matching/, /^Export this page/])
      expectNeutralised(csvObjects(await download(page, button)), 'id', contractorIds, 'business_name', businessName);

    await openTab(page, 'Transaction Logs');
    await page.getByText(/^\d+ transactions$/).waitFor();
    expectNeutralised(
      csvObjects(await download(page, /^Export CSV$/)),
      'contractor_id',
      contractorIds,
      'contractor',
      businessName,
    );
    await context.close();
  });

  it('the wallet statement hands the values back as text', () => {
    // A statement line starts with its kind ("Adjustment by support: …"), so no stored text leads a
    // cell of the real statement; the writer is still given the values at the start of a line.
    const rows = csvObjects(
      statementCsv(
        STARTS.map((_, i) => ({
          occurred_at: '2026-11-27T12:00:00.000Z',
          label: description(i),
          kind: 'admin_adjustment',
          lead_id: null,
          amount_cents: -3000,
          balance_after_cents: 0,
          transaction_id: `transaction-${i}`,
        })),
      ),
    );
    expectNeutralised(
      rows,
      'Transaction ID',
      STARTS.map((_, i) => `transaction-${i}`),
      'Description',
      description,
    );
    // A debit stays a number a spreadsheet can add up.
    expect(rows.every((r) => r['Amount (USD)'] === '-30.00')).toBe(true);
  });
});
