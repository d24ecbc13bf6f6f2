import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import '../../testing/i18n';
import * as lookupApi from '../../api/lookup';
import { LookupControl } from './lookup-control';
import type { ControlProps } from './registry';

vi.mock('../../api/lookup', () => ({ lookupRecords: vi.fn() }));
const lookupRecords = vi.mocked(lookupApi.lookupRecords);

const CATEGORIES = [
  { Value: 3, Text: 'Books (BK)' },
  { Value: 9, Text: 'Bookends (BE)' },
];

function props(overrides: Partial<ControlProps> = {}): ControlProps {
  return {
    id: 'category',
    control: {
      fieldName: 'CategoryId',
      label: 'Category',
      type: 'lookup',
      more: { lookup: { api: 'Product', field: 'CategoryId' } },
    } as ControlProps['control'],
    value: null,
    onChange: vi.fn(),
    onCommit: vi.fn(),
    disabled: false,
    invalid: false,
    required: false,
    describedBy: undefined,
    options: [],
    label: 'Category',
    placeholder: undefined,
    reportProblem: vi.fn(),
    ...overrides,
  };
}

beforeEach(() => {
  lookupRecords.mockReset();
  lookupRecords.mockImplementation(async (_api, body) => ({
    Data: CATEGORIES.filter((item) => item.Text.toLowerCase().includes((body.Search ?? '').toLowerCase())),
    HasMore: false,
  }));
});
afterEach(cleanup);

describe('the lookup control', () => {
  it('asks the server for one page of matches of the typed text, and picks one', async () => {
    const given = props();
    const { rerender } = render(<LookupControl {...given} />);
    const box = screen.getByRole('combobox', { name: '' });
    await userEvent.type(box, 'bookE');
    // The server searches: the control sends what was typed once the typing pauses, never "all rows".
    await waitFor(() =>
      expect(lookupRecords).toHaveBeenLastCalledWith('Product', {
        Field: 'CategoryId',
        Search: 'bookE',
        PageSize: 20,
      }),
    );
    expect(lookupRecords.mock.calls.every(([, body]) => body.PageSize === 20)).toBe(true);
    const option = await screen.findByRole('option', { name: 'Bookends (BE)' });
    expect(screen.queryByRole('option', { name: 'Books (BK)' })).toBeNull();
    fireEvent.click(option);
    expect(given.onChange).toHaveBeenCalledWith(9);
    rerender(<LookupControl {...given} value={9} />);
    expect((box as HTMLInputElement).value).toBe('Bookends (BE)');
  });

  it('shows the text of the value it starts with, asked of the server by its id', async () => {
    render(<LookupControl {...props({ value: 3 })} />);
    await waitFor(() => expect((screen.getByRole('combobox') as HTMLInputElement).value).toBe('Books (BK)'));
    expect(lookupRecords).toHaveBeenCalledWith('Product', { Field: 'CategoryId', Values: [3] });
  });
});
