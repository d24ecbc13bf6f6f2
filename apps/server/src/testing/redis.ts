import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';

/** The Redis the scale-out tests use: TEST_REDIS_URL, or one on this machine's default port. */
export const TEST_REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

/** Whether that Redis answers; the tests that need it are skipped (and say so) when it does not. */
export async function testRedisAnswers(): Promise<boolean> {
  const client = new Redis(TEST_REDIS_URL, {
    lazyConnect: true,
    connectTimeout: 1_000,
    maxRetriesPerRequest: 0,
    retryStrategy: () => null,
  });
  client.on('error', () => {});
  try {
    await client.connect();
    return (await client.ping()) === 'PONG';
  } catch {
    return false;
  } finally {
    client.disconnect();
  }
}

/** A channel prefix of its own, so that test files (and other users of the same Redis) do not hear each other. */
export function testRedisPrefix(): string {
  return `pwtest:${randomBytes(6).toString('hex')}:`;
}
