/** The development checkout page (stands in for Stripe Checkout without keys, never in production). */

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

const page = (title: string, body: string) =>
  `<!doctype html><html><head><meta charset="utf-8"><title>${title}</title><style>body{font-family:system-ui;max-width:32rem;margin:4rem auto;padding:0 1rem}button{font-size:1rem;padding:.6rem 1.2rem;margin-right:.5rem}</style></head><body>${body}</body></html>`;

/** The page for an unknown session id. */
export const unknownSessionPage = (): string => page('Unknown session', '<h1>Unknown checkout session</h1>');

/** The page of one session: complete or cancel while open, else its outcome. */
export function devCheckoutPage(
  sessionId: string,
  session: { contractor_id: string; amount_cents: number | string; status: string },
): string {
  const amount = `$${(Number(session.amount_cents) / 100).toFixed(2)}`;
  const safe = escapeHtml(sessionId);
  const body =
    session.status === 'open'
      ? `<h1>Development checkout</h1><p>No card is charged: this page stands in for Stripe Checkout.</p><p>Add <strong>${amount}</strong> to the wallet of contractor ${escapeHtml(session.contractor_id)}.</p>
<form method="post" action="/dev/checkout/${safe}/complete" style="display:inline"><button type="submit">Complete payment</button></form>
<form method="post" action="/dev/checkout/${safe}/cancel" style="display:inline"><button type="submit">Cancel</button></form>`
      : `<h1>Checkout ${escapeHtml(session.status)}</h1><p>This session was already processed.</p>`;
  return page('Development checkout', body);
}
