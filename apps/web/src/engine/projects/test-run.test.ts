import { describe, expect, it } from 'vitest';
import { runProgress, runVariant } from './test-run';

describe('a suite run', () => {
  it('shows how far it is, and stops being asked once done', () => {
    expect(runProgress({ Status: 'running', Total: 3, Completed: 0 })).toEqual({
      percent: 0,
      finished: false,
    });
    expect(runProgress({ Status: 'running', Total: 3, Completed: 2 })).toEqual({
      percent: 67,
      finished: false,
    });
    expect(runProgress({ Status: 'done', Total: 3, Completed: 3 })).toEqual({ percent: 100, finished: true });
    // Ended early (the server stopped): the bar is full, nothing more is asked.
    expect(runProgress({ Status: 'done', Total: 3, Completed: 1 })).toEqual({ percent: 100, finished: true });
    expect(runProgress({ Status: 'running', Total: 0, Completed: 0 }).percent).toBe(0);
    // Cut off by a stopped server: nothing more is asked, and the bar shows where it stopped.
    expect(runProgress({ Status: 'interrupted', Total: 4, Completed: 1 })).toEqual({
      percent: 25,
      finished: true,
    });
  });

  it('is red once a case failed, green when all passed', () => {
    expect(runVariant({ Status: 'running', Failed: 0 })).toBe('primary');
    expect(runVariant({ Status: 'running', Failed: 1 })).toBe('danger');
    expect(runVariant({ Status: 'done', Failed: 0 })).toBe('success');
    expect(runVariant({ Status: 'interrupted', Failed: 0 })).toBe('warning');
    expect(runVariant({ Status: 'interrupted', Failed: 2 })).toBe('danger');
  });
});
