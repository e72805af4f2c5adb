import { vi } from 'vitest';

/** A recorded call to /.netlify/functions/<name>. */
export interface RecordedCall {
  name: string;
  method: string;
  query: URLSearchParams;
  body: any;
  authorization: string | null;
}

type Answer = { status?: number; body?: unknown } | 'network-error';
type Handler = (call: RecordedCall) => Answer | Promise<Answer>;

/** Stub fetch: each function name answers from its handler (404 when none); every call is recorded. */
export function mockFunctions(handlers: Record<string, Handler>) {
  const calls: RecordedCall[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const name = url.pathname.replace('/.netlify/functions/', '');
    const headers = new Headers(init?.headers);
    const call: RecordedCall = {
      name,
      method: init?.method ?? 'GET',
      query: url.searchParams,
      body: init?.body ? JSON.parse(String(init.body)) : undefined,
      authorization: headers.get('authorization'),
    };
    calls.push(call);
    const handler = handlers[name];
    const answer = handler ? await handler(call) : { status: 404, body: { detail: `no mock for ${name}` } };
    if (answer === 'network-error') throw new TypeError('Failed to fetch');
    return new Response(answer.body === undefined ? '' : JSON.stringify(answer.body), {
      status: answer.status ?? 200,
      headers: { 'content-type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return { calls, callsTo: (name: string) => calls.filter((c) => c.name === name) };
}
