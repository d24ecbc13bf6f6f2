import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { initTestI18n } from '../../testing/i18n';
import { DevPage, PAGES } from './dev-page';

beforeAll(() => initTestI18n());
afterEach(cleanup);

/** The /dev pages of part 1 section 2 ("and some /dev/mylib/* demos"). */
const SPEC_PAGES = [
  '1',
  'categorylist',
  'mypage',
  'myform',
  'notification',
  'other',
  'resize',
  'hook',
  'customhook',
  'common_config',
  'mymodal',
  'myloading',
  'mybase',
  'myform_localstorage',
  'mylib/lightbox',
  'mylib/datepicker',
];

function open(path: string) {
  render(
    <QueryClientProvider client={new QueryClient()}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path="/dev/:page/*" element={<DevPage />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('the /dev pages', () => {
  it('has a demo for every page the specification lists', () => {
    expect(SPEC_PAGES.filter((name) => !(name in PAGES))).toEqual([]);
  });

  it.each(SPEC_PAGES.filter((name) => !['mypage', 'myform', 'myloading'].includes(name)))(
    '/dev/%s shows its demo, not an index',
    (name) => {
      open(`/dev/${name}`);
      expect(screen.getAllByRole('heading', { level: 1 })[0]?.textContent).toBe(
        `Developer page: ${PAGES[name]?.title}`,
      );
      expect(screen.queryByRole('link', { name: 'Screen lists' })).toBeNull();
    },
  );

  it('lists the pages for a name it does not know', () => {
    open('/dev/nothing-here');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(
      'No developer page named nothing-here',
    );
    expect(screen.getByRole('link', { name: 'Build and environment' })).toBeTruthy();
  });
});
