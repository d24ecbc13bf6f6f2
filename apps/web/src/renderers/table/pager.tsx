import { useId } from 'react';
import { formatCount } from '../../engine/formats';
import { pageCount, pageRange } from '../../engine/paging';
import type { TableController } from './use-table-controller';

/** Page sizes offered; the current one is added when it is not among them. */
export const PAGE_SIZES = [10, 20, 50, 100, 200, 500, 1000] as const;

/** Page numbers around the current one, with the first and last. */
function pageNumbers(page: number, pages: number): (number | 'gap')[] {
  const wanted = new Set([1, pages, page - 1, page, page + 1].filter((n) => n >= 1 && n <= pages));
  const sorted = [...wanted].sort((a, b) => a - b);
  const result: (number | 'gap')[] = [];
  sorted.forEach((n, index) => {
    const before = sorted[index - 1];
    if (before !== undefined && n - before > 1) result.push('gap');
    result.push(n);
  });
  return result;
}

/** 'Showing rows {from} to {to} of {total}', the page size (saved per screen) and the pages. */
export function Pager({ controller }: { controller: TableController }) {
  const { page, setPage, pageSize, setPageSize, total, t } = controller;
  const id = useId();
  const range = pageRange(page, pageSize, total);
  const pages = pageCount(total, pageSize);
  const sizes = [...new Set([...PAGE_SIZES, pageSize])].sort((a, b) => a - b);
  const go = (target: number) => setPage(Math.min(Math.max(1, target), pages));
  return (
    <div className="table-pager">
      <span className="table-range" aria-live="polite">
        {t('Showing rows {{from}} to {{to}} of {{total}}', {
          from: formatCount(range.from),
          to: formatCount(range.to),
          total: formatCount(range.total),
        })}
      </span>
      <span className="d-flex align-items-center gap-1">
        <label className="small text-nowrap" htmlFor={id}>
          {t('Rows per page')}
        </label>
        <select
          id={id}
          className="form-select form-select-sm w-auto"
          value={pageSize}
          onChange={(event) => setPageSize(Number(event.target.value))}
        >
          {sizes.map((size) => (
            <option key={size} value={size}>
              {formatCount(size)}
            </option>
          ))}
        </select>
      </span>
      <nav aria-label={controller.landmark('Pages')}>
        <ul className="pagination pagination-sm mb-0">
          <li className={`page-item${page <= 1 ? ' disabled' : ''}`}>
            <button
              type="button"
              className="page-link"
              onClick={() => go(page - 1)}
              disabled={page <= 1}
              aria-label={t('Previous page')}
            >
              <i className="bi bi-chevron-left" aria-hidden="true" />
            </button>
          </li>
          {pageNumbers(page, pages).map((item, index) =>
            item === 'gap' ? (
              // biome-ignore lint/suspicious/noArrayIndexKey: gaps have no identity of their own
              <li key={`gap-${index}`} className="page-item disabled">
                <span className="page-link">…</span>
              </li>
            ) : (
              <li key={item} className={`page-item${item === page ? ' active' : ''}`}>
                <button
                  type="button"
                  className="page-link"
                  onClick={() => go(item)}
                  aria-current={item === page ? 'page' : undefined}
                  aria-label={t('Page {{page}}', { page: formatCount(item) })}
                >
                  {formatCount(item)}
                </button>
              </li>
            ),
          )}
          <li className={`page-item${page >= pages ? ' disabled' : ''}`}>
            <button
              type="button"
              className="page-link"
              onClick={() => go(page + 1)}
              disabled={page >= pages}
              aria-label={t('Next page')}
            >
              <i className="bi bi-chevron-right" aria-hidden="true" />
            </button>
          </li>
        </ul>
      </nav>
    </div>
  );
}
