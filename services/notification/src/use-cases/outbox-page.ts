/** The development outbox page (GET /dev/outbox): every message the development providers took, newest first. */

const escapeHtml = (s: string): string =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

// Claim and reset links become clickable so a developer can follow them from the page.
const linkify = (escaped: string): string =>
  escaped.replace(/https?:\/\/[^\s<]+/g, (url) => `<a href="${url}">${url}</a>`);

export function outboxPage(
  list: Array<{
    channel: string;
    to: string;
    subject: string | null;
    body: string;
    status: string;
    provider: string | null;
    created_at: string;
  }>,
): string {
  const rows = list
    .map(
      (m) =>
        `<tr><td>${escapeHtml(m.created_at)}</td><td>${m.channel === 'sms' ? 'SMS' : 'Email'}</td><td>${escapeHtml(m.to)}</td>` +
        `<td>${m.subject ? `<strong>${escapeHtml(m.subject)}</strong><br>` : ''}<pre>${linkify(escapeHtml(m.body))}</pre></td>` +
        `<td>${escapeHtml(m.status)}${m.provider ? ` (${escapeHtml(m.provider)})` : ''}</td></tr>`,
    )
    .join('\n');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>leadmarket outbox</title>
<meta http-equiv="refresh" content="5">
<style>body{font-family:system-ui,sans-serif;margin:2rem}table{border-collapse:collapse;width:100%}td,th{border:1px solid #ddd;padding:.5rem;vertical-align:top;text-align:left}pre{white-space:pre-wrap;margin:0;font-family:inherit}</style>
</head><body>
<h1>Development outbox</h1>
<p>SMS and emails the development providers would have sent (newest first, ${list.length} shown). <a href="?channel=sms">SMS only</a> · <a href="?channel=email">Email only</a> · <a href="?">All</a></p>
<table><thead><tr><th>Time</th><th>Channel</th><th>To</th><th>Message</th><th>Status</th></tr></thead>
<tbody>
${rows || '<tr><td colspan="5">No messages yet.</td></tr>'}
</tbody></table>
</body></html>`;
}
