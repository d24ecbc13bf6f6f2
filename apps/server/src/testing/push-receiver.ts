import { createDecipheriv, createECDH, hkdfSync, randomBytes } from 'node:crypto';
import { createServer, type IncomingHttpHeaders } from 'node:http';

/** A push as the local push service received it. */
export type ReceivedPush = { path: string; headers: IncomingHttpHeaders; body: Buffer };

/** A browser's side of a subscription: the keys it hands out, and the private key that reads pushes. */
export type TestSubscriber = {
  keys: { p256dh: string; auth: string };
  /** Decrypts an `aes128gcm` push body (RFC 8188, RFC 8291) as the browser would. */
  decrypt(body: Buffer): string;
};

export function createTestSubscriber(): TestSubscriber {
  const ecdh = createECDH('prime256v1');
  const publicKey = ecdh.generateKeys();
  const authSecret = randomBytes(16);
  return {
    keys: { p256dh: publicKey.toString('base64url'), auth: authSecret.toString('base64url') },
    decrypt(body) {
      const salt = body.subarray(0, 16);
      const idLength = body.readUInt8(20);
      const senderKey = body.subarray(21, 21 + idLength);
      const record = body.subarray(21 + idLength);
      const shared = ecdh.computeSecret(senderKey);
      const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), publicKey, senderKey]);
      const ikm = Buffer.from(hkdfSync('sha256', shared, authSecret, keyInfo, 32));
      const cek = Buffer.from(
        hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16),
      );
      const nonce = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12));
      const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
      decipher.setAuthTag(record.subarray(record.length - 16));
      const padded = Buffer.concat([
        decipher.update(record.subarray(0, record.length - 16)),
        decipher.final(),
      ]);
      // The last record ends with the delimiter 0x02 and zero padding.
      let end = padded.length - 1;
      while (end >= 0 && padded[end] === 0) end--;
      if (padded[end] !== 2) throw new Error('no last-record delimiter');
      return padded.subarray(0, end).toString('utf8');
    },
  };
}

/**
 * A push service on 127.0.0.1: records every push and answers with the status set for its path
 * (201 by default), as FCM or Mozilla's autopush would.
 */
export async function startPushReceiver(): Promise<{
  url: string;
  received: ReceivedPush[];
  statusFor: Map<string, number>;
  close(): Promise<void>;
}> {
  const received: ReceivedPush[] = [];
  const statusFor = new Map<string, number>();
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const path = request.url ?? '/';
      received.push({ path, headers: request.headers, body: Buffer.concat(chunks) });
      response.writeHead(statusFor.get(path) ?? 201).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('no address');
  return {
    url: `http://127.0.0.1:${address.port}`,
    received,
    statusFor,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
