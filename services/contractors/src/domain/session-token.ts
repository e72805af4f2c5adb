/** Where the spec's browser puts its session token: a bearer header, or `session_token` in the body or query. */
export interface TokenSources {
  authorization?: string | string[];
  body?: unknown;
  query?: unknown;
}

const text = (v: unknown) => (typeof v === 'string' && v.trim() ? v.trim() : undefined);
const field = (o: unknown) =>
  o && typeof o === 'object' ? text((o as Record<string, unknown>).session_token) : undefined;

/** The session token of a request, looked up in the same order as the gateway's session hook. */
export function sessionTokenOf({ authorization, body, query }: TokenSources): string | undefined {
  const header = typeof authorization === 'string' ? authorization : undefined;
  const bearer = header?.toLowerCase().startsWith('bearer ') ? text(header.slice(7)) : undefined;
  return bearer ?? field(body) ?? field(query);
}
