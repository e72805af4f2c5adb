import net from 'node:net';

interface Pair {
  client: net.Socket;
  upstream?: net.Socket;
  /** Bytes are dropped both ways and nobody is told (a dead route, a NAT that forgot the flow). */
  blackholed: boolean;
}

/**
 * A loopback TCP proxy a test can cut and restore, to make a real server (RabbitMQ, PostgreSQL)
 * unreachable for one client without touching the server others share.
 * - `cut()` resets every connection and refuses new ones (a server that is down).
 * - `blackhole()` silently drops every byte of existing and new connections (a server that is
 *   unreachable: no reset, no refusal, only silence).
 */
export class TcpProxy {
  private server?: net.Server;
  private readonly pairs = new Set<Pair>();
  private blackholing = false;
  port = 0;

  constructor(
    private readonly targetHost: string,
    private readonly targetPort: number,
  ) {}

  /** Connections currently open through the proxy. */
  get connections(): number {
    return this.pairs.size;
  }

  async start(port = 0): Promise<number> {
    this.server = net.createServer((client) => this.accept(client));
    await new Promise<void>((resolve, reject) => {
      this.server!.once('error', reject);
      this.server!.listen(port, '127.0.0.1', resolve);
    });
    this.port = (this.server.address() as net.AddressInfo).port;
    return this.port;
  }

  private accept(client: net.Socket): void {
    const pair: Pair = { client, blackholed: this.blackholing };
    this.pairs.add(pair);
    client.on('error', () => {});
    client.on('close', () => {
      this.pairs.delete(pair);
      pair.upstream?.destroy();
    });
    // Accepted but never forwarded: the client waits for an answer that does not come.
    if (pair.blackholed) return;
    const upstream = net.connect(this.targetPort, this.targetHost);
    pair.upstream = upstream;
    upstream.on('error', () => {});
    upstream.on('close', () => client.destroy());
    // Forwarded by hand rather than piped, so a blackhole can drop bytes mid-stream.
    client.on('data', (chunk) => {
      if (!pair.blackholed) upstream.write(chunk);
    });
    upstream.on('data', (chunk) => {
      if (!pair.blackholed) client.write(chunk);
    });
  }

  /** Drop every connection and stop accepting new ones. */
  async cut(): Promise<void> {
    this.blackholing = false;
    for (const p of this.pairs) {
      p.client.destroy();
      p.upstream?.destroy();
    }
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
    this.server = undefined;
  }

  /** Silently drop every byte, of open connections and of new ones, until restore(). */
  async blackhole(): Promise<void> {
    this.blackholing = true;
    for (const p of this.pairs) p.blackholed = true;
  }

  /**
   * Accept and forward connections again on the same port. Connections that were blackholed stay
   * silent (their state is gone, as after a real network partition) until their owner gives up on them.
   */
  async restore(): Promise<void> {
    this.blackholing = false;
    if (this.server) return;
    await this.start(this.port);
  }

  /** Stop for good: close the listener and every connection. */
  async close(): Promise<void> {
    await this.cut();
  }
}
