import { vi } from 'vitest';

/** One recorded request to a function. */
export interface Recorded {
  name: string;
  method: string;
  query: URLSearchParams;
  body: any;
  authorization: string | null;
}

type Handler = (req: Recorded) => { status?: number; body?: unknown } | 'network-error';

/** Mock fetch by function name; unknown functions answer 404. Returns the list of recorded requests. */
export function mockFunctions(handlers: Record<string, Handler>): Recorded[] {
  const calls: Recorded[] = [];
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input: any, init: any = {}) => {
    const url = new URL(String(input), 'http://localhost');
    const name = url.pathname.replace('/.netlify/functions/', '');
    const headers = (init.headers ?? {}) as Record<string, string>;
    const req: Recorded = {
      name,
      method: init.method ?? 'GET',
      query: url.searchParams,
      body: init.body ? JSON.parse(init.body) : undefined,
      authorization: headers.authorization ?? null,
    };
    calls.push(req);
    const handler = handlers[name];
    const result = handler ? handler(req) : { status: 404, body: { detail: 'Unknown function' } };
    if (result === 'network-error') throw new TypeError('Failed to fetch');
    return new Response(result.body === undefined ? '' : JSON.stringify(result.body), {
      status: result.status ?? 200,
      headers: { 'content-type': 'application/json' },
    });
  });
  return calls;
}
