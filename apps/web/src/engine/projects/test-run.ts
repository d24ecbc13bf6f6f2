/** A whole suite's run as the server tells it (`ApiTestRun/Detail`). */
export type TestRun = {
  Id: number;
  Status: 'running' | 'done' | string;
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

/** How far a run is: the percentage for the bar, and whether to keep asking. */
export function runProgress(run: Pick<TestRun, 'Status' | 'Total' | 'Completed'>): {
  percent: number;
  finished: boolean;
} {
  const finished = run.Status === 'done';
  if (run.Total <= 0) return { percent: finished ? 100 : 0, finished };
  const percent = Math.min(100, Math.max(0, Math.round((run.Completed / run.Total) * 100)));
  return { percent: finished ? 100 : percent, finished };
}

/** The bar's colour: green when all passed, red once one failed, blue while only passes came. */
export function runVariant(run: Pick<TestRun, 'Status' | 'Failed'>): 'success' | 'danger' | 'primary' {
  if (run.Failed > 0) return 'danger';
  return run.Status === 'done' ? 'success' : 'primary';
}
