import { render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { ErrorBoundary } from './error-boundary';
import { preloadable } from './preloadable';

describe('preloadable', () => {
  it('fetches the code once on preload and renders it later without fetching again', async () => {
    const load = vi.fn(async () => ({ default: () => <p>loaded</p> }));
    const { Component, preload } = preloadable(load);
    preload();
    preload();
    expect(load).toHaveBeenCalledTimes(1);
    render(
      <Suspense fallback={null}>
        <Component />
      </Suspense>,
    );
    expect(await screen.findByText('loaded')).toBeDefined();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('tries again after a failed fetch', async () => {
    const load = vi
      .fn<() => Promise<{ default: () => React.ReactElement }>>()
      .mockRejectedValueOnce(new Error('offline'))
      .mockResolvedValue({ default: () => <p>second try</p> });
    const { Component, preload } = preloadable(load);
    preload();
    await new Promise((r) => setTimeout(r, 0));
    render(
      <Suspense fallback={null}>
        <Component />
      </Suspense>,
    );
    expect(await screen.findByText('second try')).toBeDefined();
    expect(load).toHaveBeenCalledTimes(2);
  });
});

describe('ErrorBoundary', () => {
  it("shows 'Oh no!' with the error text instead of a blank page, and reports it", () => {
    const onError = vi.fn();
    const Broken = () => {
      throw new Error('chunk gone');
    };
    vi.spyOn(console, 'error').mockImplementation(() => {});
    render(
      <ErrorBoundary onError={onError}>
        <Broken />
      </ErrorBoundary>,
    );
    expect(screen.getByRole('heading', { name: 'Oh no!' })).toBeDefined();
    expect(screen.getByRole('alert').textContent).toContain('chunk gone');
    expect(screen.getByRole('button', { name: 'Try again' })).toBeDefined();
    expect(onError).toHaveBeenCalledTimes(1);
  });
});
