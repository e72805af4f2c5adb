import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface CapturedSms {
  to: string;
  body: string;
  at: number;
}

/** A stand-in for Twilio's Messages API on loopback: records each SMS and the moment it arrived. */
export async function startFakeTwilio(): Promise<{ url: string; messages: CapturedSms[]; close(): Promise<void> }> {
  const messages: CapturedSms[] = [];
  let n = 0;
  const server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (c) => (raw += c));
    req.on('end', () => {
      const at = Date.now();
      const form = new URLSearchParams(raw);
      if (req.method === 'POST' && /\/Messages\.json$/.test(req.url ?? '')) {
        messages.push({ to: form.get('To') ?? '', body: form.get('Body') ?? '', at });
        const sid = `SM${String(++n).padStart(32, '0')}`;
        res
          .writeHead(201, { 'content-type': 'application/json' })
          .end(JSON.stringify({ sid, status: 'queued', to: form.get('To'), body: form.get('Body') }));
        return;
      }
      res.writeHead(404).end();
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    messages,
    close: () => new Promise((r) => server.close(() => r())),
  };
}
