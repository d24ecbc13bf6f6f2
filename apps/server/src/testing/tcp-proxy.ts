import { connect, createServer, type Server, type Socket } from 'node:net';

/**
 * A TCP relay in front of a real server, to cut it off the way a network or a stuck database does,
 * without touching the server itself: `freeze` keeps every connection open but passes nothing (a
 * SIGSTOPped PostgreSQL, a dropped route), `stop` closes them all and refuses new ones (a stopped
 * database), `resume` passes traffic again.
 */
export class TcpProxy {
  private readonly pairs = new Set<[Socket, Socket]>();
  private state: 'open' | 'frozen' | 'stopped' = 'open';
  private server: Server | null = null;
  port = 0;

  constructor(
    private readonly targetHost: string,
    private readonly targetPort: number,
  ) {}

  async start(): Promise<void> {
    this.server = createServer((client) => this.accept(client));
    await new Promise<void>((resolve) => this.server?.listen(0, '127.0.0.1', resolve));
    const address = this.server.address();
    this.port = typeof address === 'object' && address ? address.port : 0;
  }

  private accept(client: Socket): void {
    client.on('error', () => {});
    if (this.state === 'stopped') {
      client.destroy();
      return;
    }
    const upstream = connect(this.targetPort, this.targetHost);
    upstream.on('error', () => client.destroy());
    client.on('error', () => upstream.destroy());
    const pair: [Socket, Socket] = [client, upstream];
    this.pairs.add(pair);
    const forget = () => this.pairs.delete(pair);
    client.on('close', forget);
    upstream.on('close', () => client.destroy());
    client.pipe(upstream);
    upstream.pipe(client);
    if (this.state === 'frozen') this.pause(pair);
  }

  private pause([client, upstream]: [Socket, Socket]): void {
    client.unpipe(upstream);
    upstream.unpipe(client);
    client.pause();
    upstream.pause();
  }

  freeze(): void {
    this.state = 'frozen';
    for (const pair of this.pairs) this.pause(pair);
  }

  resume(): void {
    this.state = 'open';
    for (const [client, upstream] of this.pairs) {
      client.pipe(upstream);
      upstream.pipe(client);
      client.resume();
      upstream.resume();
    }
  }

  stop(): void {
    this.state = 'stopped';
    for (const [client, upstream] of this.pairs) {
      client.destroy();
      upstream.destroy();
    }
    this.pairs.clear();
  }

  async close(): Promise<void> {
    this.stop();
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }
}
