import type { FunctionName } from '@leadmarket/contracts/routes';

/** A failed call: the HTTP status (0 for a network failure) and the server's message, if it sent one. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly serverMessage: string | undefined,
    readonly body: unknown,
  ) {
    super(serverMessage ?? `Request failed (${status})`);
    this.name = 'ApiError';
  }
  /** The server's text, else the given fallback (the spec's per-screen failure text). */
  messageOr(fallback: string): string {
    return this.serverMessage ?? fallback;
  }
}

export interface CallOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  body?: unknown;
  query?: Record<string, string | number | boolean | undefined | null>;
  /** Sent as a bearer token. */
  token?: string | null;
  signal?: AbortSignal;
}

/** Build `/.netlify/functions/<name>?…` on the page's origin. */
export function functionUrl(name: FunctionName, query?: CallOptions['query']): string {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(query ?? {})) if (v !== undefined && v !== null) params.set(k, String(v));
  const qs = params.toString();
  return `/.netlify/functions/${name}${qs ? `?${qs}` : ''}`;
}

/**
 * Call a function and return its JSON. Throws ApiError with status 0 on a network failure and
 * with the server's `detail` or `message` on a non-2xx answer.
 */
export async function callFunction<T = unknown>(name: FunctionName, options: CallOptions = {}): Promise<T> {
  const headers: Record<string, string> = { accept: 'application/json' };
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  let response: Response;
  try {
    response = await fetch(functionUrl(name, options.query), {
      method: options.method ?? (options.body === undefined ? 'GET' : 'POST'),
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      signal: options.signal,
    });
  } catch (error) {
    throw new ApiError(0, undefined, error);
  }
  let body: unknown;
  try {
    const text = await response.text();
    body = text ? JSON.parse(text) : undefined;
  } catch {
    body = undefined;
  }
  if (!response.ok) {
    const { detail, message: said } = (body ?? {}) as { detail?: unknown; message?: unknown };
    const message = typeof detail === 'string' ? detail : typeof said === 'string' ? said : undefined;
    throw new ApiError(response.status, message, body);
  }
  return body as T;
}
