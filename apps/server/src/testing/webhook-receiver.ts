import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One POST a webhook receiver got: its raw body as sent, parsed, and its headers. */
export type ReceivedHook = { headers: IncomingHttpHeaders; raw: string; body: any };

/**
 * A real HTTP receiver on 127.0.0.1 for webhook tests: records every request and answers each with
 * the next status of `answers` (then 200), or holds it open when the status is 0.
 */
export async function startWebhookReceiver(): Promise<{
  url: string;
  received: ReceivedHook[];
  answers: number[];
  waitFor(count: number, timeoutMs?: number): Promise<ReceivedHook[]>;
  close(): Promise<void>;
}> {
  const received: ReceivedHook[] = [];
  const answers: number[] = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      received.push({ headers: request.headers, raw, body: JSON.parse(raw) });
      const status = answers.shift() ?? 200;
      if (status === 0) return; // never answers
      response.writeHead(status, { 'content-type': 'text/plain' }).end(status < 300 ? 'ok' : 'no');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hooks`,
    received,
    answers,
    async waitFor(count, timeoutMs = 15_000) {
      const deadline = Date.now() + timeoutMs;
      while (received.length < count) {
        if (Date.now() > deadline) throw new Error(`got ${received.length} of ${count} deliveries`);
        await new Promise((r) => setTimeout(r, 25));
      }
      return received;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** Verifies `Panelwright-Signature` as docs/integrations.md tells a receiver to. */
export function verifySignature(
  header: string | undefined,
  raw: string,
  secret: string,
  toleranceS = 300,
): boolean {
  const parts = Object.fromEntries(
    (header ?? '').split(',').map((part) => part.split('=', 2) as [string, string]),
  );
  const t = Number(parts.t);
  if (!Number.isInteger(t) || !parts.v1 || Math.abs(Date.now() / 1000 - t) > toleranceS) return false;
  const expected = createHmac('sha256', secret).update(`${t}.${raw}`).digest('hex');
  return expected.length === parts.v1.length && timingSafeEqual(Buffer.from(expected), Buffer.from(parts.v1));
}
