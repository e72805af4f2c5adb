import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One request the fake received: method, path and the form-decoded body. */
export interface FakeStripeRequest {
  method: string;
  path: string;
  body: URLSearchParams;
  idempotencyKey?: string;
}

/**
 * A loopback stand-in for api.stripe.com, enough for the calls wallet-ledger makes: create a
 * Checkout Session, retrieve a PaymentIntent, create an off-session PaymentIntent (customer
 * `cus_decline` gets Stripe's card_declined error).
 */
export async function startFakeStripe() {
  const requests: FakeStripeRequest[] = [];
  let n = 0;
  /** Off-session intents created here; retrieving one reports it succeeded. */
  const intents = new Map<string, { amount: number; idempotencyKey?: string }>();
  const server: Server = createServer((req, res) => {
    let raw = '';
    req.on('data', (c) => (raw += c));
    req.on('end', () => {
      const body = new URLSearchParams(raw);
      const path = (req.url ?? '').split('?')[0]!;
      requests.push({
        method: req.method ?? '',
        path,
        body,
        idempotencyKey: req.headers['idempotency-key'] as string | undefined,
      });
      const send = (status: number, json: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json', 'request-id': `req_${++n}` });
        res.end(JSON.stringify(json));
      };
      if (
        req.method === 'POST' &&
        path === '/v1/checkout/sessions' &&
        body.get('line_items[0][price_data][unit_amount]') === '999900'
      ) {
        return send(400, { error: { type: 'invalid_request_error', message: 'Amount not allowed by the fake' } });
      }
      if (req.method === 'POST' && path === '/v1/checkout/sessions') {
        const id = `cs_test_${++n}`;
        return send(200, {
          id,
          object: 'checkout.session',
          url: `https://checkout.stripe.test/c/pay/${id}`,
          mode: 'payment',
          client_reference_id: body.get('client_reference_id'),
          status: 'open',
        });
      }
      const pi = path.match(/^\/v1\/payment_intents\/([^/]+)$/);
      if (req.method === 'GET' && pi) {
        const made = intents.get(pi[1]!);
        return send(200, {
          id: pi[1],
          object: 'payment_intent',
          payment_method: 'pm_card_visa',
          status: 'succeeded',
          amount: made?.amount ?? 0,
          amount_received: made?.amount ?? 0,
        });
      }
      if (req.method === 'POST' && path === '/v1/payment_intents') {
        const key = req.headers['idempotency-key'] as string | undefined;
        const replay = [...intents.entries()].find(([, v]) => key && v.idempotencyKey === key);
        if (replay)
          return send(200, { id: replay[0], object: 'payment_intent', amount: replay[1].amount, status: 'processing' });
        const id = `pi_test_${++n}`;
        if (body.get('customer') === 'cus_decline') {
          return send(402, {
            error: {
              type: 'card_error',
              code: 'card_declined',
              decline_code: 'insufficient_funds',
              message: 'Your card has insufficient funds.',
              payment_intent: { id, object: 'payment_intent', status: 'requires_payment_method' },
            },
          });
        }
        intents.set(id, { amount: Number(body.get('amount')), idempotencyKey: key });
        return send(200, {
          id,
          object: 'payment_intent',
          amount: Number(body.get('amount')),
          status: 'processing',
          metadata: { funding_id: body.get('metadata[funding_id]') },
        });
      }
      send(404, { error: { type: 'invalid_request_error', message: `No fake for ${req.method} ${path}` } });
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}
