/**
 * Runs `run` at the first key or pointer press or focus anywhere, once; the returned function stops
 * waiting. The shells load what an outage would need (message dialogs) this late, before anything can call.
 */
export function onFirstInteraction(run: () => void): () => void {
  const events = ['pointerdown', 'keydown', 'focusin'] as const;
  const handler = () => {
    stop();
    run();
  };
  const stop = () => {
    for (const type of events) window.removeEventListener(type, handler, true);
  };
  for (const type of events) window.addEventListener(type, handler, true);
  return stop;
}
