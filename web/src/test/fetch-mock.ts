// Test-only (imported by feature tests, never by app code): the one fetch mock of the web tests.
// The app calls every server function as /.netlify/functions/<name>; a test says what each name
// answers and reads back what was sent.
import { vi } from 'vitest';

/** One recorded call to a function. */
export interface RecordedCall {
  name: string;
  method: string;
  query: URLSearchParams;
  /** The parsed JSON body, if any. */
  body: any;
  /** Request headers, names in lower case. */
  headers: Record<string, string>;
  /** The Authorization header, or null. */
  authorization: string | null;
}

/** An answer: status (200 unless given) and JSON body; 'network-error' makes fetch reject; a never-settling promise keeps the call pending. */
export type Reply = { status?: number; body?: unknown } | 'network-error' | Promise<never>;

/** What a name answers: a fixed reply, or a function of the call (sync or async). */
export type Replies = Record<string, Reply | ((call: RecordedCall) => Reply | Promise<Reply>)>;

/** Every call made, in order, with `callsTo(name)` for one function's calls. */
export type FunctionCalls = RecordedCall[] & {
  /** The same list (for `api.calls`). */
  calls: RecordedCall[];
  callsTo(name: string): RecordedCall[];
};

/**
 * Stub fetch: each function name answers from `replies`; a name with no reply answers 501 naming it,
 * so a test that forgot one sees which. The stub stays until vi.unstubAllGlobals() (test-setup does
 * it after every test) or the next mockFunctions.
 */
export function mockFunctions(replies: Replies): FunctionCalls {
  const list: RecordedCall[] = [];
  const calls = Object.assign(list, {
    calls: list,
    callsTo: (name: string) => list.filter((c) => c.name === name),
  });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
      const url = new URL(String(input), 'http://localhost');
      const headers: Record<string, string> = {};
      new Headers(init.headers).forEach((value, key) => (headers[key] = value));
      const call: RecordedCall = {
        name: url.pathname.replace('/.netlify/functions/', ''),
        method: init.method ?? 'GET',
        query: url.searchParams,
        body: typeof init.body === 'string' && init.body !== '' ? JSON.parse(init.body) : undefined,
        headers,
        authorization: headers.authorization ?? null,
      };
      list.push(call);
      const entry = replies[call.name];
      const reply: Reply =
        typeof entry === 'function'
          ? await entry(call)
          : (entry ?? {
              status: 501,
              body: {
                detail: `No reply for ${call.name} in this test`,
                message: `No reply for ${call.name} in this test`,
              },
            });
      if (reply === 'network-error') throw new TypeError('Failed to fetch');
      const { status, body } = (await reply) as { status?: number; body?: unknown };
      return new Response(body === undefined ? '' : JSON.stringify(body), {
        status: status ?? 200,
        headers: { 'content-type': 'application/json' },
      });
    }),
  );
  return calls;
}
