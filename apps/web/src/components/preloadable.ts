import { type ComponentType, type LazyExoticComponent, lazy } from 'react';

/**
 * A lazily loaded component whose code can be fetched ahead of need. Components shown when things go
 * wrong (the maintenance and idle dialogs) are fetched soon after start, so that they still appear
 * when the server has stopped answering.
 */
export function preloadable<P extends object>(
  load: () => Promise<{ default: ComponentType<P> }>,
): { Component: LazyExoticComponent<ComponentType<P>>; preload: () => void } {
  let loading: Promise<{ default: ComponentType<P> }> | undefined;
  const start = () => {
    loading ??= load().catch((error: unknown) => {
      // A failed fetch may be retried later.
      loading = undefined;
      throw error;
    });
    return loading;
  };
  return {
    Component: lazy(start),
    preload: () => {
      void start().catch(() => {});
    },
  };
}
