/** A whole suite's run as the server tells it (`ApiTestRun/Detail`). */
export type TestRun = {
  Id: number;
  /** `interrupted`: the server running it stopped before every case ran. */
  Status: 'running' | 'done' | 'interrupted' | string;
  Total: number;
  Completed: number;
  Passed: number;
  Failed: number;
  Results: TestRunResult[];
};

/** One case's outcome in a run. */
export type TestRunResult = {
  CaseId: number;
  Name: string;
  Method: string;
  Path: string;
  Status: number | null;
  Expected: number;
  Passed: boolean;
  Ms: number;
  Excerpt: string;
  Problem: string;
};

/**
 * How far a run is: the percentage for the bar, and whether to keep asking. An interrupted run
 * keeps the share of its cases that ran: its bar shows where it stopped.
 */
export function runProgress(run: Pick<TestRun, 'Status' | 'Total' | 'Completed'>): {
  percent: number;
  finished: boolean;
} {
  const done = run.Status === 'done';
  const finished = done || run.Status === 'interrupted';
  if (run.Total <= 0) return { percent: done ? 100 : 0, finished };
  const percent = Math.min(100, Math.max(0, Math.round((run.Completed / run.Total) * 100)));
  return { percent: done ? 100 : percent, finished };
}

/**
 * The bar's colour: red once a case failed, amber when the run was cut off, green when all passed,
 * blue while only passes came.
 */
export function runVariant(
  run: Pick<TestRun, 'Status' | 'Failed'>,
): 'success' | 'danger' | 'warning' | 'primary' {
  if (run.Failed > 0) return 'danger';
  if (run.Status === 'interrupted') return 'warning';
  return run.Status === 'done' ? 'success' : 'primary';
}
