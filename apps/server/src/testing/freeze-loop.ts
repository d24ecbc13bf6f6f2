// The freeze loop of issue 20: PostgreSQL frozen (SIGSTOP on every process of a private cluster) and
// thawed again and again while sign-ins, writes and live streams run against a product process. The
// quick slice in `npm test` (database-freeze.int.test.ts) and `npm run bench:reliability` (outage
// suite) run this same loop, with short and long freezes.
import type { PrivateCluster } from './private-cluster';
import { type EventStreamClient, openEventStream } from './sse';

export type FreezeLoopOptions = {
  /** The product's base address, e.g. http://127.0.0.1:4000. */
  url: string;
  cluster: PrivateCluster;
  /** True while the product process runs (its exit ends the loop with a finding). */
  alive(): boolean;
  /** The administrator's credentials. */
  username: string;
  password: string;
  freezes: number;
  /** How long freeze `index` (from 0) lasts, in ms. */
  freezeMs(index: number): number;
  /** Traffic before the first freeze and between two, in ms. */
  settleMs: number;
  /** How long the product may take to serve everything again after a thaw. */
  recoveryLimitMs: number;
  /** How long a live stream stays open before the loop opens a new one. */
  streamLifeMs: number;
  /** How long after a thaw the process is watched before the next freeze. */
  watchMs: number;
  /** A call taking longer than this is a hang. */
  hangMs: number;
  onRound?(round: FreezeRound): void;
};

/** Answers seen while the database was frozen, per kind of call: status → count (0: no HTTP answer). */
export type StatusCounts = Record<string, number>;

export type FreezeRound = {
  index: number;
  frozenMs: number;
  /** Calls that started or were in flight while frozen. */
  during: { signIn: StatusCounts; write: StatusCounts; stream: StatusCounts; send: StatusCounts };
  slowestMs: number;
  /** From the thaw until a sign-in, a write and a live event all succeeded again; null: not in time. */
  recoveredAfterMs: number | null;
  alive: boolean;
};

export type FreezeLoopReport = {
  rounds: FreezeRound[];
  /** Answers no caller should ever get: no HTTP answer, a 5xx other than 503, a hang. */
  findings: string[];
  /** Acknowledged writes (200) over the whole loop. */
  acknowledgedWrites: number;
  signIns: number;
  liveEvents: number;
};

type Sample = { kind: 'signIn' | 'write' | 'stream' | 'send'; at: number; ms: number; status: number };

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function timed(
  kind: Sample['kind'],
  hangMs: number,
  work: (signal: AbortSignal) => Promise<Response>,
): Promise<{ sample: Sample; response: Response | null; body: unknown }> {
  const at = performance.now();
  let status = 0;
  let response: Response | null = null;
  let body: unknown = null;
  try {
    response = await work(AbortSignal.timeout(hangMs));
    status = response.status;
    const text = await response.text();
    try {
      body = JSON.parse(text);
    } catch {
      body = text;
    }
  } catch {
    status = 0;
  }
  return { sample: { kind, at, ms: performance.now() - at, status }, response, body };
}

/** Runs the loop; never throws for what the product does (that is in `findings`). */
export async function runFreezeLoop(options: FreezeLoopOptions): Promise<FreezeLoopReport> {
  const { url, hangMs } = options;
  const samples: Sample[] = [];
  const findings: string[] = [];
  let acknowledgedWrites = 0;
  let signIns = 0;
  let liveEvents = 0;
  let running = true;
  let token = '';

  const signIn = async () => {
    const { sample, body } = await timed('signIn', hangMs, (signal) =>
      fetch(`${url}/oauth2/token`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({
          grant_type: 'password',
          username: options.username,
          password: options.password,
        }),
        signal,
      }),
    );
    samples.push(sample);
    const fresh = (body as { access_token?: string } | null)?.access_token;
    if (sample.status === 200 && fresh) {
      signIns++;
      token = fresh;
    }
    return sample.status === 200;
  };
  const apiCall = async (kind: Sample['kind'], name: string, payload: object) => {
    const { sample, body } = await timed(kind, hangMs, (signal) =>
      fetch(`${url}/api/v1/${name}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify(payload),
        signal,
      }),
    );
    samples.push(sample);
    return sample.status === 200 && (body as { StatusCode?: number } | null)?.StatusCode === 1;
  };

  if (!(await signIn())) throw new Error('the first sign-in failed: the product does not serve');
  await apiCall('send', 'GlobalAppSetting/SaveSettings', { UIAppConfig: { hasSignalR: true } });

  let written = 0;
  const write = async () => {
    written++;
    const code = `FZ${Date.now().toString(36).toUpperCase()}${written}`;
    const ok = await apiCall('write', 'Category/AddNew', { Name: code, Code: code });
    if (ok) acknowledgedWrites++;
    return ok;
  };
  let sent = 0;
  const send = async () => {
    sent++;
    return apiCall('send', 'Notification/Send', { Title: `freeze-${sent}` });
  };

  // The live stream: reopened every `streamLifeMs` (so that streams are opened during freezes too)
  // and whenever it ends; every notification frame is counted.
  let stream: EventStreamClient | null = null;
  let lastEventAt = 0;
  const openStream = async (): Promise<EventStreamClient | null> => {
    let late = false;
    const opening = openEventStream(`${url}/api/v1/NotificationHub?access_token=${token}`).catch(() => null);
    const client = await Promise.race([opening, sleep(hangMs).then(() => null)]);
    if (!client) {
      late = true;
      void opening.then((arrived) => {
        if (late) arrived?.close();
      });
    }
    return client;
  };
  const keepStreamOpen = async () => {
    while (running) {
      const at = performance.now();
      const client = await openStream();
      const status = client?.status ?? 0;
      samples.push({ kind: 'stream', at, ms: performance.now() - at, status });
      if (!client || status !== 200) {
        client?.close();
        await sleep(250);
        continue;
      }
      stream = client;
      let seen = 0;
      const watch = setInterval(() => {
        const count = client.frames.filter((frame) => frame.event === 'notification').length;
        if (count > seen) {
          liveEvents += count - seen;
          seen = count;
          lastEventAt = performance.now();
        }
      }, 50);
      const until = performance.now() + options.streamLifeMs;
      await Promise.race([
        client.ended,
        (async () => {
          while (running && performance.now() < until) await sleep(100);
        })(),
      ]);
      clearInterval(watch);
      client.close();
      stream = null;
    }
  };

  const repeat = async (work: () => Promise<unknown>, pauseMs: number) => {
    while (running) {
      await work();
      await sleep(pauseMs);
    }
  };
  // Two sign-in callers, three writers, a notification sender and the live stream: enough to have
  // transactions of each kind under way when a freeze begins (the pool holds ten connections).
  const loops = [
    repeat(signIn, 100),
    repeat(signIn, 100),
    repeat(write, 50),
    repeat(write, 50),
    repeat(write, 50),
    repeat(send, 200),
    keepStreamOpen(),
  ];

  const rounds: FreezeRound[] = [];
  try {
    await sleep(options.settleMs);
    for (let index = 0; index < options.freezes && options.alive(); index++) {
      const frozenMs = options.freezeMs(index);
      const frozenAt = performance.now();
      options.cluster.freeze();
      await sleep(frozenMs);
      const thawedAt = performance.now();
      options.cluster.thaw();

      // Serving again: a sign-in, a write and a live event delivered after the thaw.
      let recoveredAfterMs: number | null = null;
      while (options.alive() && performance.now() - thawedAt < options.recoveryLimitMs) {
        const eventAfterThaw = lastEventAt > thawedAt;
        if ((await signIn()) && (await write()) && eventAfterThaw) {
          recoveredAfterMs = performance.now() - thawedAt;
          break;
        }
        await sleep(100);
      }
      // The uncaught error of issue 20 came 5-8 s after a 20 s freeze's thaw: each round watches on.
      const until = thawedAt + Math.max(options.settleMs, options.watchMs);
      while (options.alive() && performance.now() < until) await sleep(100);

      const during = samples.filter((s) => s.at + s.ms >= frozenAt && s.at < thawedAt);
      const counts = (kind: Sample['kind']) => {
        const result: StatusCounts = {};
        for (const s of during.filter((entry) => entry.kind === kind)) {
          result[s.status] = (result[s.status] ?? 0) + 1;
        }
        return result;
      };
      const round: FreezeRound = {
        index,
        frozenMs,
        during: {
          signIn: counts('signIn'),
          write: counts('write'),
          stream: counts('stream'),
          send: counts('send'),
        },
        slowestMs: Math.max(0, ...during.map((s) => s.ms)),
        recoveredAfterMs,
        alive: options.alive(),
      };
      rounds.push(round);
      options.onRound?.(round);
      if (!round.alive) findings.push(`the process ended after freeze ${index + 1}`);
      else if (recoveredAfterMs === null) {
        const last = (kind: Sample['kind']) => samples.filter((s) => s.kind === kind).at(-1)?.status;
        findings.push(
          `not serving again ${options.recoveryLimitMs} ms after freeze ${index + 1} (last sign-in ${last('signIn')}, write ${last('write')}, stream ${last('stream')}, send ${last('send')}, live event after the thaw: ${lastEventAt > thawedAt})`,
        );
      }
    }
  } finally {
    running = false;
    (stream as EventStreamClient | null)?.close();
    await Promise.all(loops);
  }

  for (const sample of samples) {
    if (sample.ms >= hangMs) findings.push(`a ${sample.kind} call hung for ${Math.round(sample.ms)} ms`);
    else if (sample.status === 0 && options.alive())
      findings.push(`a ${sample.kind} call got no HTTP answer`);
    else if (sample.status >= 500 && sample.status !== 503) {
      findings.push(`a ${sample.kind} call answered ${sample.status}`);
    }
  }
  return { rounds, findings: [...new Set(findings)], acknowledgedWrites, signIns, liveEvents };
}
