import twilio from 'twilio';
import type RequestClient from 'twilio/lib/base/RequestClient.js';
import type * as TwilioResponse from 'twilio/lib/http/response.js';
import { Agent } from 'undici';

type RequestOptions<T> = RequestClient.RequestOptions<T>;
type Response<T> = TwilioResponse.default<T>;

const TWILIO_API_ORIGIN = /^https:\/\/[a-z0-9.-]*twilio\.com/i;
const ORIGIN_AND_PATH = /^([a-z][a-z0-9+.-]*:\/\/[^/?#]+)([^#]*)/i;
const FORM = 'application/x-www-form-urlencoded';

/**
 * Connections per API origin at most, as the SDK's own https.Agent (maxSockets 20): a batch of
 * NOTIFICATION_BATCH_SIZE (20) sends goes out at once, more wait for a free connection.
 */
const CONNECTIONS = 20;

/** encodeURIComponent leaves these five as they are; qs (RFC 3986), which the SDK's client uses, does not. */
const encode = (s: string): string =>
  encodeURIComponent(s).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

/**
 * Form and query encoding byte for byte as the SDK's client writes it (qs.stringify with
 * arrayFormat 'repeat'): the SDK hands over flat parameters it has already serialised (strings,
 * numbers, booleans, lists of them); undefined is left out, null is an empty value.
 */
export function formEncode(params: object): string {
  const parts: string[] = [];
  for (const [key, value] of Object.entries(params)) {
    for (const v of Array.isArray(value) ? value : [value]) {
      if (v === undefined) continue;
      parts.push(`${encode(key)}=${v === null ? '' : encode(v instanceof Date ? v.toISOString() : String(v))}`);
    }
  }
  return parts.join('&');
}

/**
 * The Twilio SDK's HTTP client over undici: the SDK still builds every request (URL, auth, form
 * parameters, headers) and parses every answer (a non-2xx becomes its RestException with status
 * and code), but the HTTP itself goes over a keep-alive pool per origin instead of axios, which was
 * the notification process's largest library cost (docs/PERFORMANCE.md, "Measurements quoted by
 * the code").
 *
 * Errors are undici's own: a refused connection is Node's ECONNREFUSED (ENOTFOUND for an unknown
 * host) as with axios, so send-deliveries still knows the message was certainly not sent; a
 * timeout (UND_ERR_HEADERS_TIMEOUT, UND_ERR_BODY_TIMEOUT, UND_ERR_CONNECT_TIMEOUT) or a connection
 * closed after the request was written (UND_ERR_SOCKET) carries no status and no such code, so it
 * stays ambiguous and is reconciled through lookup, as axios's ECONNABORTED and ECONNRESET were.
 *
 * `apiBaseUrl` replaces the https://*.twilio.com origin of every request (twilio 6 builds absolute
 * URLs; edge and region only change the host name): tests and benchmarks point it at a fake Twilio.
 *
 * What Messages never asks for goes through the SDK's own client instead: redirects, debug logging,
 * a JSON body; and so does everything when HTTP_PROXY or TWILIO_CA_BUNDLE is set, which only that
 * client honours.
 */
export class TwilioHttpClient extends twilio.RequestClient {
  private readonly agent: Agent;
  private readonly baseUrl: string | undefined;
  private readonly sdkTransport: boolean;

  constructor(options: { timeoutMs: number; apiBaseUrl?: string }) {
    super({ timeout: options.timeoutMs });
    this.baseUrl = options.apiBaseUrl?.replace(/\/+$/, '');
    this.sdkTransport = Boolean(process.env.HTTP_PROXY || process.env.TWILIO_CA_BUNDLE);
    this.agent = new Agent({ connections: CONNECTIONS, connect: { timeout: options.timeoutMs } });
  }

  /** Close the pooled connections (calls after it fail). */
  close(): Promise<void> {
    return this.agent.close();
  }

  override async request<TData>(opts: RequestOptions<TData>): Promise<Response<TData>> {
    const uri = this.baseUrl ? opts.uri.replace(TWILIO_API_ORIGIN, this.baseUrl) : opts.uri;
    const headers: Record<string, string> = { ...(opts.headers as Record<string, string> | undefined) };
    const formBody = opts.data !== undefined && opts.data !== null && headers['Content-Type'] === FORM;
    const parts = ORIGIN_AND_PATH.exec(uri);
    if (
      this.sdkTransport ||
      opts.allowRedirects ||
      opts.logLevel === 'debug' ||
      (opts.data && !formBody) ||
      !parts ||
      !opts.method
    ) {
      return super.request<TData>({ ...opts, uri });
    }

    if (opts.username && opts.password) {
      headers.Authorization = `Basic ${Buffer.from(`${opts.username}:${opts.password}`).toString('base64')}`;
    } else if (opts.authStrategy) {
      headers.Authorization = await opts.authStrategy.getAuthString();
    }
    let path = parts[2] || '/';
    if (opts.params) {
      const query = formEncode(opts.params);
      if (query) path += (path.includes('?') ? '&' : '?') + query;
    }
    const timeout = opts.timeout || this.defaultTimeout;
    const res = await this.agent.request({
      origin: parts[1]!,
      path,
      method: opts.method.toUpperCase() as 'GET',
      headers,
      body: formBody ? formEncode(opts.data as object) : undefined,
      headersTimeout: timeout,
      bodyTimeout: timeout,
    });
    // The body as text: the SDK parses it (JSON for an answer, a RestException for an error status).
    const body = (await res.body.text()) as TData;
    return { statusCode: res.statusCode, body, headers: res.headers } as Response<TData>;
  }
}
