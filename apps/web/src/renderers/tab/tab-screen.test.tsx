import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { MemoryRouter, useNavigationType } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initTestI18n } from '../../testing/i18n';
import { registerRenderer, type ScreenDescriptor, type ScreenRendererProps } from '../registry';
import TabScreen from './tab-screen';

const calls = vi.hoisted(() => ({ fetch: vi.fn() }));
vi.mock('../../api/screen-data', () => ({ fetchScreenData: calls.fetch }));

/** A content with a filter of its own, as a table or report has. */
function FilteredContent({ screen: content }: ScreenRendererProps) {
  const [filter, setFilter] = useState('');
  return (
    <div>
      <label htmlFor={`filter-${content.screenCode}`}>Filter of {content.title}</label>
      <input id={`filter-${content.screenCode}`} value={filter} onChange={(e) => setFilter(e.target.value)} />
      <output data-testid={`request-${content.screenCode}`}>{JSON.stringify(content.requestData)}</output>
    </div>
  );
}
registerRenderer('test_filtered', async () => ({ default: FilteredContent }));

beforeAll(initTestI18n);
afterEach(cleanup);

const node = (code: string, title: string, extra: Partial<ScreenDescriptor> = {}): ScreenDescriptor => ({
  id: code,
  screenCode: code,
  title,
  apiName: '',
  apiMethod: 'List',
  uiType: 'test_filtered',
  pageType: 'test_filtered',
  config: {},
  requestData: {},
  contents: [],
  configs: { screenConfig: {}, uiTypeContents: '', chartConfig: {} },
  ...extra,
});

const tabs = node('work', 'Workspace', {
  uiType: 'tab',
  pageType: 'admin_tab',
  requestData: { Shop: 1, Tab: 'none' },
  contents: [
    node('sales', 'Sales', { requestData: { Tab: 'sales' }, apiName: 'Sale', config: { showCount: true } }),
    node('events', 'Events', { requestData: { Tab: 'events' } }),
  ],
});

/** How the last change of address was made: a new history entry (PUSH) or in place (REPLACE). */
function LastNavigation() {
  return <output data-testid="last-navigation">{useNavigationType()}</output>;
}

const renderTabs = () =>
  render(
    <QueryClientProvider client={new QueryClient()}>
      <MemoryRouter initialEntries={['/work']}>
        <TabScreen screen={tabs} params={{}} />
        <LastNavigation />
      </MemoryRouter>
    </QueryClientProvider>,
  );

describe('tab screens', () => {
  it("draws each content with its own renderer and RequestData, and keeps each tab's filter when switching", async () => {
    calls.fetch.mockResolvedValue({ Data: [], Total: 12, ExtraData: { Columns: {} } });
    renderTabs();
    const salesFilter = await screen.findByLabelText('Filter of Sales');
    expect(screen.getByTestId('request-sales').textContent).toBe('{"Shop":1,"Tab":"sales"}');
    await userEvent.type(salesFilter, 'north');

    await userEvent.click(screen.getByRole('tab', { name: 'Events' }));
    const eventsFilter = await screen.findByLabelText('Filter of Events');
    expect(screen.getByTestId('request-events').textContent).toBe('{"Shop":1,"Tab":"events"}');
    await userEvent.type(eventsFilter, 'meeting');
    expect(screen.getByRole('tab', { name: 'Events' }).getAttribute('aria-selected')).toBe('true');

    await userEvent.click(screen.getByRole('tab', { name: /Sales/ }));
    expect((screen.getByLabelText('Filter of Sales') as HTMLInputElement).value).toBe('north');
    expect((screen.getByLabelText('Filter of Events', { selector: 'input' }) as HTMLInputElement).value).toBe(
      'meeting',
    );
    expect(screen.getByRole('tabpanel').textContent).toContain('Filter of Sales');
  });

  it('shows the number of records in the title of a tab with showCount, asked with its RequestData', async () => {
    calls.fetch.mockResolvedValue({ Data: [], Total: 12, ExtraData: { Columns: {} } });
    renderTabs();
    expect((await screen.findByTestId('tab-count')).textContent).toBe('12');
    expect(calls.fetch).toHaveBeenCalledWith(
      'Sale',
      'List',
      { Page: 1, PageSize: 1, RequestData: { Shop: 1, Tab: 'sales' } },
      { silent: true, hideError: true },
    );
  });

  it('moves between tabs with the arrow keys', async () => {
    calls.fetch.mockResolvedValue({ Data: [], Total: 0, ExtraData: { Columns: {} } });
    renderTabs();
    const first = screen.getByRole('tab', { name: /Sales/ });
    first.focus();
    await userEvent.keyboard('{ArrowRight}');
    expect(document.activeElement).toBe(screen.getByRole('tab', { name: 'Events' }));
    expect(screen.getByRole('tab', { name: 'Events' }).getAttribute('aria-selected')).toBe('true');
    // Walking the tabs with the keys keeps one history entry; back leaves the screen's tabs as a click would.
    expect(screen.getByTestId('last-navigation').textContent).toBe('REPLACE');
    await userEvent.click(screen.getByRole('tab', { name: /Sales/ }));
    expect(screen.getByTestId('last-navigation').textContent).toBe('PUSH');
  });
});
