import { useQuery } from '@tanstack/react-query';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../api/api';
import { isCallFailure } from '../../api/client';
import { notify } from '../../components/notify';
import { runProgress, runVariant, type TestRun } from '../../engine/projects/test-run';
import { DATA_TEXT } from '../../i18n';
import type { ScreenRendererProps } from '../registry';
import { ScreenRenderer } from '../screen-renderer';
import { openProjectDialog } from './project-dialog';

type Environment = { Id: number; Name: string; BaseUrl: string };

/** How often a running suite is asked for its progress. */
const POLL_MS = 400;

/**
 * `prj_api`: a project's API tests. Pick an environment, set it up (API setting), add cases (API
 * test cases), run its whole suite on the server with a progress bar and a result table; the
 * cases themselves below, each still runnable on its own.
 */
export default function ProjectApiScreen({ screen, params, embedded }: ScreenRendererProps) {
  const { t } = useTranslation([screen.screenCode, 'project']);
  const projectId = screen.requestData.ProjectId;
  const selectId = useId();
  const [reload, setReload] = useState(0);
  const environments = useQuery({
    queryKey: ['ProjectEnvironment', 'List', projectId, reload],
    queryFn: () =>
      api.post<{ Data: Environment[] }>('ProjectEnvironment', 'List', {
        Page: 1,
        PageSize: 100,
        RequestData: { ProjectId: projectId },
      }),
  });
  const [chosen, setChosen] = useState<number | null>(null);
  const list = environments.data?.Data ?? [];
  const environmentId = chosen ?? list[0]?.Id ?? null;
  const [run, setRun] = useState<TestRun | null>(null);

  // While a run is under way, its progress is read again and again.
  const runId = run?.Id;
  const finished = run ? runProgress(run).finished : true;
  // biome-ignore lint/correctness/useExhaustiveDependencies: each new reading of the run asks again
  useEffect(() => {
    if (runId === undefined || finished) return;
    const timer = setTimeout(() => {
      void api
        .post<TestRun>('ApiTestRun', 'Detail', { Id: runId }, { silent: true })
        .then((next) => {
          setRun(next);
          if (runProgress(next).finished) setReload((n) => n + 1);
        })
        .catch(() => setRun((current) => (current ? { ...current, Status: 'done' } : current)));
    }, POLL_MS);
    return () => clearTimeout(timer);
  }, [runId, finished, run]);

  const dialog = async (name: 'api_setting' | 'api_test_cases', id?: number) => {
    try {
      const saved = await openProjectDialog(name, {
        ...(id !== undefined ? { id } : {}),
        requestData: { ProjectId: projectId },
      });
      if (saved) {
        if (name === 'api_setting' && typeof saved.Id === 'number') setChosen(saved.Id);
        setReload((n) => n + 1);
      }
    } catch {
      // The API client has said why.
    }
  };

  const start = async () => {
    if (environmentId === null) return;
    try {
      setRun(
        await api.post<TestRun>('ProjectEnvironment', 'RunSuite', { Id: environmentId }, { hideError: true }),
      );
    } catch (failure) {
      notify(
        isCallFailure(failure) ? (failure.description ?? failure.msg) : t('Something went wrong'),
        'error',
      );
    }
  };

  const progress = run ? runProgress(run) : null;
  return (
    <div className="project-api">
      <div className="d-flex flex-wrap align-items-end gap-2 mb-3">
        <div>
          <label className="form-label mb-1" htmlFor={selectId}>
            {t('Environment')}
          </label>
          <select
            id={selectId}
            className="form-select form-select-sm"
            value={environmentId ?? ''}
            onChange={(event) => {
              setChosen(Number(event.target.value));
              setRun(null);
            }}
          >
            {list.map((environment) => (
              <option key={environment.Id} value={environment.Id} {...DATA_TEXT}>
                {environment.Name}
              </option>
            ))}
          </select>
        </div>
        <button
          type="button"
          className="btn btn-sm btn-outline-secondary"
          disabled={environmentId === null}
          onClick={() => void dialog('api_setting', environmentId ?? undefined)}
        >
          <i className="bi bi-gear me-1" aria-hidden="true" />
          {t('API setting')}
        </button>
        <button
          type="button"
          className="btn btn-sm btn-outline-secondary"
          onClick={() => void dialog('api_setting')}
        >
          <i className="bi bi-plus-lg me-1" aria-hidden="true" />
          {t('New environment')}
        </button>
        <button
          type="button"
          className="btn btn-sm btn-outline-primary"
          onClick={() => void dialog('api_test_cases')}
        >
          <i className="bi bi-plus-lg me-1" aria-hidden="true" />
          {t('New test case')}
        </button>
        <button
          type="button"
          className="btn btn-sm btn-primary"
          disabled={environmentId === null || (run !== null && !finished)}
          onClick={() => void start()}
        >
          <i className="bi bi-play-fill me-1" aria-hidden="true" />
          {t('Run suite')}
        </button>
      </div>
      {run && progress && (
        <section className="mb-3" aria-labelledby={`${selectId}-run`}>
          <h2 id={`${selectId}-run`} className="h6">
            {t('Suite run')}
          </h2>
          <div
            className="progress"
            role="progressbar"
            aria-label={t('Suite progress')}
            aria-valuenow={progress.percent}
            aria-valuemin={0}
            aria-valuemax={100}
          >
            <div className={`progress-bar bg-${runVariant(run)}`} style={{ width: `${progress.percent}%` }} />
          </div>
          <p className="small mt-1 mb-2" aria-live="polite">
            {t('{{completed}} of {{total}} run: {{passed}} passed, {{failed}} failed', {
              completed: run.Completed,
              total: run.Total,
              passed: run.Passed,
              failed: run.Failed,
            })}
            {progress.finished
              ? ` — ${run.Status === 'interrupted' ? t('Interrupted: the server stopped before every case ran. Run the suite again.') : t('Done')}`
              : ''}
          </p>
          {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolled region must take the focus (WCAG 2.1.1). */}
          <section className="table-responsive" tabIndex={0} aria-label={t('Suite results')}>
            <table className="table table-sm align-middle mb-0">
              <thead>
                <tr>
                  <th scope="col">{t('Name')}</th>
                  <th scope="col">{t('Request')}</th>
                  <th scope="col">{t('Result')}</th>
                  <th scope="col">{t('Status')}</th>
                  <th scope="col">{t('Time (ms)')}</th>
                  <th scope="col">{t('Response')}</th>
                </tr>
              </thead>
              <tbody>
                {run.Results.map((result) => (
                  <tr key={result.CaseId} data-result={result.Passed ? 'pass' : 'fail'}>
                    <td {...DATA_TEXT}>{result.Name}</td>
                    <td {...DATA_TEXT}>
                      <code>
                        {result.Method} {result.Path}
                      </code>
                    </td>
                    <td>
                      <span className={`badge text-bg-${result.Passed ? 'success' : 'danger'}`}>
                        {result.Passed ? t('Pass') : t('Fail')}
                      </span>
                      {result.Problem && (
                        <div className="small text-danger" {...DATA_TEXT}>
                          {result.Problem}
                        </div>
                      )}
                    </td>
                    <td>{result.Status ?? '—'}</td>
                    <td>{result.Ms}</td>
                    <td className="project-api-excerpt" {...DATA_TEXT}>
                      <code>{result.Excerpt}</code>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </section>
        </section>
      )}
      <ScreenRenderer
        key={reload}
        screen={{ ...screen, pageType: 'admin_table' }}
        params={params}
        embedded={embedded}
      />
    </div>
  );
}
