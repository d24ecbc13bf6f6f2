import type { ColumnDef, ListResult, OptionItem } from '@panelwright/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import { exportResource, fetchResourceOptions, fetchScreenData } from '../../api/screen-data';
import { parseHeader } from '../../engine/columns/prepare-columns';
import { formatCellValue, formatCount } from '../../engine/formats';
import { valueOptionText } from '../../engine/option-text';
import { readObject, readText, valueText } from '../../engine/values';
import { columnTotals } from '../../engine/widgets';
import { DATA_TEXT } from '../../i18n';
import type { ScreenRendererProps } from '../registry';
import { ScreenFailed, ScreenFrame, ScreenSpinner } from '../shared/screen-state';
import { useScreenTree } from '../shared/use-screen-tree';
import { ReportFilters, type ReportFilterValues, readFilterItems, toListFilters } from './report-filters';

const NUMERIC = new Set(['number', 'money', 'percent']);
const DEFAULT_REPORT_ROWS = 500;
const MAX_REPORT_ROWS = 2000;

/**
 * The display text of a cell: an option's text for select cells (said as everywhere, `optionText`:
 * words in the reader's language, data as written), else the value formatted.
 */
function cellText(
  column: ColumnDef,
  value: unknown,
  lists: Record<string, unknown>,
  say: (text: string) => string,
): string {
  const type = column.Type.type;
  if ((type === 'select' || type === 'multiselect') && column.Type.source) {
    const list = lists[`${column.Type.source}List`];
    const options = Array.isArray(list) ? (list as OptionItem[]) : [];
    return valueText(value)
      .split(',')
      .filter((item) => item !== '')
      .map((item) => valueOptionText(options, item, say))
      .join(', ');
  }
  const more = readObject(column.Type.more) ?? {};
  return formatCellValue(type, value, readText(more.dateFormat) ?? readText(more.format));
}

/**
 * A report (`report`): a filtered table of `{APIName}/List` with totals under the numeric columns of
 * `Report.totals`, and Print and Export. Filters (`ScreenConfig.Filter.items`) go to the server and
 * stay while the report is mounted (a tab keeps them when the user switches tabs).
 */
export default function ReportScreen({ screen: given, embedded }: ScreenRendererProps) {
  const { screen, pending, failed } = useScreenTree(given);
  const { t } = useTranslation([given.screenCode, 'forms']);
  const [filters, setFilters] = useState<ReportFilterValues>({});
  const [exporting, setExporting] = useState(false);
  const apiName = screen?.apiName ?? '';
  const screenConfig = screen?.configs?.screenConfig ?? {};
  const report = readObject(screenConfig.Report) ?? {};
  const items = readFilterItems(screenConfig.Filter);
  const pageSize = Math.min(
    MAX_REPORT_ROWS,
    typeof report.pageSize === 'number' ? report.pageSize : DEFAULT_REPORT_ROWS,
  );
  const totalsFields = Array.isArray(report.totals)
    ? report.totals.filter((f): f is string => typeof f === 'string')
    : [];
  const listFilters = toListFilters(items, filters);
  const body = { RequestData: screen?.requestData, Filters: listFilters };

  const options = useQuery({
    queryKey: ['Options', apiName, screen?.id, screen?.requestData],
    queryFn: () =>
      fetchResourceOptions(apiName, { ScreenGUID: screen?.id, RequestData: screen?.requestData }),
    enabled: apiName !== '',
  });
  const list = useQuery({
    queryKey: ['ReportList', apiName, screen?.apiMethod, screen?.requestData, listFilters, pageSize],
    queryFn: () =>
      fetchScreenData<ListResult>(apiName, screen?.apiMethod ?? 'List', {
        ...body,
        Page: 1,
        PageSize: pageSize,
      }),
    enabled: apiName !== '',
    placeholderData: keepPreviousData,
  });
  const lists = options.data ?? {};

  const columns = useMemo(() => {
    const defs = Object.values(list.data?.ExtraData.Columns ?? {}).filter((c) => c.CanShow !== false);
    const wanted = Array.isArray(report.columns)
      ? report.columns.filter((f): f is string => typeof f === 'string')
      : [];
    if (wanted.length === 0)
      return defs.filter((c) => c.fieldName !== 'IsLocked').sort((a, b) => a.Index - b.Index);
    return wanted.flatMap((field) => defs.filter((c) => c.fieldName === field));
  }, [list.data, report.columns]);
  const rows = list.data?.Data ?? [];
  const totals = columnTotals(rows, totalsFields);
  const captionId = `report-${given.screenCode}-caption`;

  const runExport = async () => {
    setExporting(true);
    try {
      const answer = await exportResource(apiName, body);
      window.open(answer.FullPath, '_blank', 'noopener');
    } catch {
      // The API client has shown why.
    } finally {
      setExporting(false);
    }
  };

  const actions = (
    <div className="d-flex gap-2 d-print-none">
      <button type="button" className="btn btn-sm btn-outline-secondary" onClick={() => window.print()}>
        <i className="bi bi-printer me-1" aria-hidden="true" />
        {t('Print')}
      </button>
      <button
        type="button"
        className="btn btn-sm btn-outline-primary"
        disabled={exporting || apiName === ''}
        onClick={() => {
          toast.info(t('Preparing the export...'));
          void runExport();
        }}
      >
        <i className="bi bi-file-earmark-spreadsheet me-1" aria-hidden="true" />
        {t('Export')}
      </button>
    </div>
  );

  let content: React.ReactNode;
  if (pending || (list.isPending && apiName !== '')) content = <ScreenSpinner />;
  else if (failed || !screen || list.isError || apiName === '') content = <ScreenFailed />;
  else
    content = (
      // Focusable, so that a keyboard reaches the columns a narrow window scrolls sideways.
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolled region must take the focus (WCAG 2.1.1).
      <section className="table-responsive" tabIndex={0} aria-labelledby={captionId}>
        <table
          className="table table-sm table-striped align-middle report-table"
          aria-describedby={captionId}
        >
          <caption id={captionId} className="small">
            {list.data && list.data.Total > rows.length
              ? t('Showing {{shown}} of {{total}} records', {
                  shown: formatCount(rows.length),
                  total: formatCount(list.data.Total),
                })
              : t('{{total}} records', { total: formatCount(list.data?.Total ?? 0) })}
          </caption>
          <thead>
            <tr>
              {columns.map((column) => (
                <th
                  key={column.fieldName}
                  scope="col"
                  className={NUMERIC.has(column.Type.type) ? 'text-end' : undefined}
                >
                  {t(parseHeader(column.Header).text || column.fieldName)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.length === 0 && (
              <tr>
                <td colSpan={Math.max(1, columns.length)} className="text-secondary">
                  {t('Sorry, no result found')}
                </td>
              </tr>
            )}
            {rows.map((row, index) => (
              <tr key={valueText(row.Id) || index}>
                {columns.map((column) => (
                  <td
                    key={column.fieldName}
                    className={NUMERIC.has(column.Type.type) ? 'text-end' : undefined}
                    {...DATA_TEXT}
                  >
                    {cellText(column, row[column.fieldName], lists, t)}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
          {totalsFields.length > 0 && rows.length > 0 && (
            <tfoot>
              <tr className="fw-semibold" data-testid="report-totals">
                {columns.map((column, index) => (
                  <td
                    key={column.fieldName}
                    className={NUMERIC.has(column.Type.type) ? 'text-end' : undefined}
                  >
                    {column.fieldName in totals ? (
                      <span {...DATA_TEXT}>{cellText(column, totals[column.fieldName], lists, t)}</span>
                    ) : index === 0 ? (
                      t('Total')
                    ) : (
                      ''
                    )}
                  </td>
                ))}
              </tr>
            </tfoot>
          )}
        </table>
      </section>
    );

  return (
    <ScreenFrame title={t(given.title)} embedded={embedded} actions={actions}>
      {embedded && <div className="d-flex justify-content-end mb-2">{actions}</div>}
      <ReportFilters
        idPrefix={`report-${given.screenCode}`}
        items={items}
        values={filters}
        lists={lists}
        translate={(text) => t(text)}
        onChange={setFilters}
      />
      <div aria-busy={list.isFetching}>{content}</div>
    </ScreenFrame>
  );
}
