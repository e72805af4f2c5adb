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
