import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@leadmarket/contracts';
import { startE2e, type E2eEnv } from '../src/harness.js';
import { uniqueSurname } from '../src/helpers.js';

// A customer on the request form, as they meet refusals: three mistakes corrected one by one, then
// the corrected request and a second job are both taken (refusals do not use up the limit on
// accepted requests); and a request sent twice is told it is already here, without claiming a
// professional has it when nobody serves that ZIP code and nobody was offered it.

let env: E2eEnv;
const uniquePhone = () => `(415) ${200 + Math.floor(Math.random() * 700)}-${1000 + Math.floor(Math.random() * 8999)}`;
const uniqueZip = () => String(10000 + Math.floor(Math.random() * 89999));
const SUCCESS = MESSAGES.leadSubmit.success;

interface Request {
  name: string;
  phone: string;
  zip: string;
  email: string;
  description: string;
}

/** Fill the HVAC request form with `r` and send it. */
async function send(page: Page, r: Request) {
  await page.getByLabel(/^Full Name/).fill(r.name);
  await page.getByLabel(/^Phone/).fill(r.phone);
  await page.getByLabel(/^ZIP Code/).fill(r.zip);
  await page.getByLabel(/^Email/).fill(r.email);
  await page.getByLabel(/^Service Category/).selectOption('home_services');
  await page.getByRole('option', { name: 'HVAC' }).first().waitFor({ state: 'attached' });
  await page.getByLabel(/^Sub-Service/).selectOption('hvac');
  await page.getByLabel(/^Describe What You Need/).fill(r.description);
  await page.getByRole('button', { name: 'Submit Request' }).click();
}

/** The form's answer banner once it shows a refusal or the success text. */
async function answer(page: Page): Promise<string> {
  const banner = page.getByRole('alert').or(page.getByText(SUCCESS)).first();
  await banner.waitFor({ timeout: 30_000 });
  return banner.innerText();
}

/** What the elements a control's aria-describedby names say (its help and its error). */
const textBeside = (page: Page, label: RegExp) =>
  page.getByLabel(label).evaluate((el) => {
    const doc = (globalThis as any).document;
    const ids = (el.getAttribute('aria-describedby') ?? '').split(' ').filter(Boolean);
    return ids.map((id: string) => doc.getElementById(id)?.textContent ?? '').join(' ');
  });

describe('refusals told truly, in the browser', () => {
  beforeAll(async () => {
    // Four accepted requests per window: were refusals counted, the fifth submission of the first
    // test (its second job) would be locked out; both tests together stay within four accepted.
    env = await startE2e({ env: { LEAD_SUBMIT_RATE_LIMIT: '4', LEAD_SUBMIT_RATE_WINDOW_SECONDS: '600' } });
  }, 180_000);
  afterAll(async () => {
    await env?.stop();
  });

  it('a customer who corrects three refused requests is not locked out of a second job', async () => {
    const { context, page } = await env.newPage();
    await page.goto('/lead-intake');
    const good: Request = {
      name: `Robin ${uniqueSurname()}`,
      phone: uniquePhone(),
      zip: uniqueZip(),
      email: `robin.${Date.now().toString(36)}@gmail.com`,
      description: 'The air conditioner blows warm air and makes a clicking noise when it starts.',
    };

    // Each mistake is refused by the server and named beside its field.
    const mistakes: [Partial<Request>, RegExp, string][] = [
      [{ phone: '(555) 123-4567' }, /^Phone/, 'This phone number does not exist'],
      [{ email: 'robin@mailinator.com' }, /^Email/, 'temporary (disposable) addresses cannot be used'],
      [
        { description: 'The air conditioner blows warm air, see http://example.com/photo for a picture.' },
        /^Describe What You Need/,
        'Please remove web links from the description',
      ],
    ];
    for (const [change, field, words] of mistakes) {
      await send(page, { ...good, ...change });
      await expect.poll(() => textBeside(page, field), { timeout: 30_000 }).toContain(words);
      expect(await page.getByRole('alert').first().innerText()).toContain('We could not accept this request yet');
    }

    // Corrected: taken. Then a second job from the same network: taken too, not "Please wait".
    await send(page, good);
    await page.getByText(SUCCESS).waitFor({ timeout: 30_000 });
    await page.getByRole('button', { name: 'Submit Another' }).click();
    await send(page, {
      ...good,
      phone: uniquePhone(),
      description: 'The furnace in the basement will not light and the house is getting cold at night.',
    });
    await page.getByText(SUCCESS).or(page.getByRole('alert')).first().waitFor({ timeout: 30_000 });
    expect(await page.getByRole('alert').count(), 'no refusal (no "Please wait")').toBe(0);
    await page.getByText(SUCCESS).waitFor();
    await context.close();
  });

  it('a request sent twice is told it is already here, and never that a professional has it', async () => {
    const { context, page } = await env.newPage();
    await page.goto('/lead-intake');
    // Nobody serves this ZIP code, so nobody is offered the first request.
    const request: Request = {
      name: `Sam ${uniqueSurname()}`,
      phone: uniquePhone(),
      zip: uniqueZip(),
      email: `sam.${Date.now().toString(36)}@gmail.com`,
      description: 'Our heat pump froze over and stopped heating the upstairs bedrooms this week.',
    };
    await send(page, request);
    expect(await answer(page)).toContain(SUCCESS);

    await page.getByRole('button', { name: 'Submit Another' }).click();
    await send(page, request);
    const told = await answer(page);
    // Headed as nothing to fix (not "fix the following and send it again"), and it names no assignment.
    expect(told).toContain(MESSAGES.leadSubmit.duplicate);
    expect(told).not.toContain('Please fix the following');
    expect(told).toContain('We already have a request for this service from this phone number');
    expect(told).not.toMatch(/a professional has it|no need to send it again/i);
    // No field is marked wrong: the customer has nothing to correct.
    expect(await page.locator('[aria-invalid="true"]').count()).toBe(0);
    await context.close();
  });
});
