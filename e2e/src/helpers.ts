import type { Page } from 'playwright-core';

/** What a marketplace function answered: the HTTP status and the parsed JSON body (undefined when empty). */
export interface FunctionAnswer {
  status: number;
  body: any;
}

/** Call a marketplace function at `baseUrl` over HTTP, JSON in and out; GET without a body, POST with one. */
export async function callFunction(
  baseUrl: string,
  name: string,
  init: { method?: string; body?: unknown; token?: string } = {},
): Promise<FunctionAnswer> {
  const headers: Record<string, string> = { accept: 'application/json' };
  if (init.body !== undefined) headers['content-type'] = 'application/json';
  if (init.token) headers.authorization = `Bearer ${init.token}`;
  const res = await fetch(`${baseUrl}/.netlify/functions/${name}`, {
    method: init.method ?? (init.body === undefined ? 'GET' : 'POST'),
    headers,
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : undefined };
}

/**
 * A surname no earlier run used, that screening takes for a person's: letters only, consonant and
 * vowel in turn (e.g. "Kobanurida"). A customer name with a timestamp in base 36 in it failed
 * screening on the hour it read "mwxnxqk1": digits, and seven consonants in a row (gibberish).
 */
export function uniqueSurname(): string {
  const consonants = 'bdfgklmnprstvz';
  const vowels = 'aeiou';
  // The millisecond within about eleven days, and a random part for two in one millisecond.
  let n = (Date.now() % 1_000_000_000) * 100 + Math.floor(Math.random() * 100);
  let word = '';
  while (n > 0) {
    word += consonants[n % consonants.length]! + vowels[Math.floor(n / consonants.length) % vowels.length]!;
    n = Math.floor(n / (consonants.length * vowels.length));
  }
  return word[0]!.toUpperCase() + word.slice(1);
}

/** Wait for a row of the development outbox page (reloaded) to hold every given text; return that row. */
export async function outboxRow(page: Page, channel: 'sms' | 'email', texts: string[]) {
  for (let i = 0; i < 60; i++) {
    await page.goto(`/dev/outbox?channel=${channel}`);
    let row = page.locator('tbody tr');
    for (const t of texts) row = row.filter({ hasText: t });
    if ((await row.count()) > 0) return row.first();
    await page.waitForTimeout(500);
  }
  throw new Error(`no ${channel} in the outbox with ${texts.join(', ')}`);
}

/** A contractor as the signup form takes one (HVAC in Home Services). */
export interface SignupPerson {
  name: string;
  business: string;
  email: string;
  phone: string;
  zip: string;
  user: string;
}

/** Sign up through /signup as a person does; resolves on /welcome with the stored session. */
export async function signUpInBrowser(page: Page, who: SignupPerson) {
  await page.goto('/signup');
  await page.getByLabel(/^Your Name/).fill(who.name);
  await page.getByLabel(/^Business Name/).fill(who.business);
  await page.getByLabel(/^Email/).fill(who.email);
  await page.getByLabel(/^Phone/).fill(who.phone);
  await page.getByLabel(/^Industry/).selectOption('home_services');
  await page.getByRole('combobox', { name: /^Sub-Service/ }).selectOption('hvac');
  await page.getByLabel(/^Service ZIP Codes/).fill(who.zip);
  await page.getByLabel(/^Username/).fill(who.user);
  await page.getByLabel(/^Password/).fill('s3cret-pass');
  await page.getByLabel(/^Confirm Password/).fill('s3cret-pass');
  await page.getByRole('checkbox').check();
  await page.getByRole('button', { name: 'Create Account' }).click();
  await page.waitForURL((url) => url.pathname === '/welcome', { timeout: 20_000 });
  return page.evaluate(() => ({
    token: (globalThis as any).localStorage.getItem('contractor_session_token') as string,
    contractorId: (globalThis as any).localStorage.getItem('contractor_id') as string,
  }));
}

/** A contractor's session as the browser keeps it. */
export interface ContractorSession {
  token: string;
  contractorId: string;
}

/**
 * Sign an HVAC contractor (Home Services) up through the API, where the signup form is not what a
 * test walks; password "s3cret-pass". Returns its session.
 */
export async function signUpByApi(
  baseUrl: string,
  who: { name: string; business: string; email: string; phone: string; zip: string; user: string; sms: boolean },
): Promise<ContractorSession> {
  const res = await callFunction(baseUrl, 'contractors-signup', {
    body: {
      contact_name: who.name,
      business_name: who.business,
      email: who.email,
      phone: who.phone,
      industry: 'home_services',
      sub_service: 'hvac',
      username: who.user,
      password: 's3cret-pass',
      confirm_password: 's3cret-pass',
      zip_codes: who.zip,
      sms_opt_in: who.sms,
    },
  });
  if (res.status !== 201) throw new Error(`signup failed: ${res.status} ${JSON.stringify(res.body)}`);
  return { token: res.body.session_token as string, contractorId: res.body.contractor_id as string };
}

/** Every page of `page`'s browser context opens signed in as this contractor. */
export async function signInContext(page: Page, session: ContractorSession): Promise<void> {
  await page.context().addInitScript(({ token, contractorId }) => {
    (globalThis as any).localStorage.setItem('contractor_session_token', token);
    (globalThis as any).localStorage.setItem('contractor_id', contractorId);
  }, session);
}
