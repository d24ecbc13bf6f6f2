import type { Envelope, ImportProgressEvent, ImportResult } from '@panelwright/contract';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import '../../../testing/i18n';
import * as bulk from '../../../api/bulk';
import { i18n } from '../../../i18n';
import { setAppState } from '../../../state/app-store';
import type { TableController } from '../use-table-controller';
import { ImportDialog } from './import-dialog';

vi.mock('../../../api/bulk', () => ({ importResource: vi.fn(), importProgress: vi.fn() }));
const api = vi.mocked(bulk);

const t = ((key: string, options?: Record<string, unknown>) =>
  i18n.t(key, { ns: ['table', 'common'], ...options })) as TableController['t'];
const controller = {
  t,
  apiName: 'Product',
  allColumns: [],
  reloadList: vi.fn(),
} as unknown as TableController;

const answer = (data: Partial<ImportResult>, Msg = ''): Envelope<ImportResult> =>
  ({
    StatusCode: 1,
    Msg,
    Data: {
      Imported: 1000,
      Added: 1000,
      Updated: 0,
      Refused: 0,
      Errors: [],
      DryRun: false,
      Headers: ['SKU'],
      Preview: [],
      Mapping: { SKU: 'Sku' },
      ...data,
    },
  }) as Envelope<ImportResult>;
const progress = (Rows: number): Envelope<ImportProgressEvent | null> =>
  ({ StatusCode: 1, Msg: '', Data: { APIName: 'Product', Rows, Total: 1000 } }) as never;

async function checkThenImport(): Promise<(value: Envelope<ImportResult>) => void> {
  render(<ImportDialog controller={controller} />);
  fireEvent.change(screen.getByLabelText('CSV or Excel file'), {
    target: { files: [new File(['SKU\nA-1\n'], 'products.csv', { type: 'text/csv' })] },
  });
  api.importResource.mockResolvedValueOnce(answer({ DryRun: true }));
  fireEvent.click(screen.getByRole('button', { name: 'Check' }));
  await screen.findByText('1000 rows can be imported; 0 have errors.');
  let finish: (value: Envelope<ImportResult>) => void = () => {};
  api.importResource.mockReturnValueOnce(new Promise((resolve) => (finish = resolve)));
  fireEvent.click(screen.getByRole('button', { name: 'Import' }));
  return finish;
}

beforeEach(() => vi.clearAllMocks());
afterEach(cleanup);

describe('import dialog progress', () => {
  it('without the live stream, asks ImportProgress with the key the import was sent with while it runs', async () => {
    setAppState({ dataFirstSetting: { UIAppConfig: { hasSignalR: false } } as never });
    api.importProgress.mockResolvedValue(progress(500));
    const finish = await checkThenImport();
    await screen.findByText('Rows read: 500 of 1.000', undefined, { timeout: 3000 });
    const sent = api.importResource.mock.calls.at(-1)?.[1];
    expect(sent?.progressKey).toMatch(/^[0-9a-f]{32}$/);
    expect(api.importProgress).toHaveBeenCalledWith('Product', sent?.progressKey);
    api.importProgress.mockResolvedValue(progress(1000));
    finish(answer({}, 'Imported: 1000.'));
    await screen.findByText('Imported: 1000.');
    await waitFor(() => expect(screen.getByText('Rows read: 1.000 of 1.000')).toBeTruthy());
    expect(screen.getByRole('progressbar', { name: 'Import progress' }).getAttribute('aria-valuenow')).toBe(
      '100',
    );
  });

  it('with the live stream, sends no key and asks nothing (the stream brings the progress)', async () => {
    setAppState({ dataFirstSetting: { UIAppConfig: { hasSignalR: true } } as never });
    const finish = await checkThenImport();
    finish(answer({}, 'Imported: 1000.'));
    await screen.findByText('Imported: 1000.');
    expect(api.importResource.mock.calls.at(-1)?.[1].progressKey).toBeUndefined();
    expect(api.importProgress).not.toHaveBeenCalled();
  });
});
