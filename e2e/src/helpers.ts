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
