/** One Server-Sent Events frame as a browser's EventSource would see it, plus its comment lines. */
export type SseFrame = { event: string; data: string; retry?: number; comments: string[] };

export type EventStreamClient = {
  status: number;
  headers: Headers;
  /** Every frame received so far. */
  frames: SseFrame[];
  /** Waits for the next frame (after those already taken) that matches, or fails after `timeoutMs`. */
  next(match?: (frame: SseFrame) => boolean, timeoutMs?: number): Promise<SseFrame>;
  /** Resolves when the server ends the stream. */
  ended: Promise<void>;
  close(): void;
};

function parseFrame(block: string): SseFrame {
  const frame: SseFrame = { event: 'message', data: '', comments: [] };
  const data: string[] = [];
  for (const line of block.split('\n')) {
    if (line.startsWith(':')) frame.comments.push(line.slice(1).trim());
    else if (line.startsWith('event:')) frame.event = line.slice(6).trim();
    else if (line.startsWith('data:')) data.push(line.slice(5).replace(/^ /, ''));
    else if (line.startsWith('retry:')) frame.retry = Number(line.slice(6).trim());
  }
  frame.data = data.join('\n');
  return frame;
}

/** Opens an event stream with fetch and parses it the way EventSource does (enough for tests). */
export async function openEventStream(url: string): Promise<EventStreamClient> {
  const controller = new AbortController();
  const response = await fetch(url, { headers: { accept: 'text/event-stream' }, signal: controller.signal });
  const frames: SseFrame[] = [];
  const waiters = new Set<() => void>();
  let taken = 0;
  let endedResolve: () => void = () => {};
  const ended = new Promise<void>((resolve) => {
    endedResolve = resolve;
  });

  if (response.ok && response.body) {
    void (async () => {
      const decoder = new TextDecoder();
      let buffer = '';
      try {
        for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
          buffer += decoder.decode(chunk, { stream: true });
          let index = buffer.indexOf('\n\n');
          while (index >= 0) {
            frames.push(parseFrame(buffer.slice(0, index)));
            buffer = buffer.slice(index + 2);
            index = buffer.indexOf('\n\n');
          }
          for (const wake of waiters) wake();
        }
      } catch {
        // Aborted by close().
      }
      endedResolve();
      for (const wake of waiters) wake();
    })();
  } else {
    endedResolve();
  }

  return {
    status: response.status,
    headers: response.headers,
    frames,
    ended,
    close: () => controller.abort(),
    next(match = () => true, timeoutMs = 5_000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          while (taken < frames.length) {
            const frame = frames[taken++] as SseFrame;
            if (match(frame)) {
              cleanup();
              resolve(frame);
              return;
            }
          }
        };
        const timer = setTimeout(() => {
          cleanup();
          reject(new Error(`no matching event within ${timeoutMs} ms; got ${JSON.stringify(frames)}`));
        }, timeoutMs);
        const cleanup = () => {
          clearTimeout(timer);
          waiters.delete(check);
        };
        waiters.add(check);
        check();
      });
    },
  };
}
