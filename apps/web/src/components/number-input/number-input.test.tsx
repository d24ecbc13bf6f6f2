import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { NumberInput } from './number-input';

afterEach(cleanup);

describe('the number input', () => {
  it('shows the value with the decimal comma and reads what is typed as displayed', async () => {
    const change = vi.fn();
    render(<NumberInput aria-label="Price" value={555.33} onReadingChange={change} />);
    const input = screen.getByLabelText('Price') as HTMLInputElement;
    expect(input.value).toBe('555,33');
    await userEvent.clear(input);
    await userEvent.type(input, '12,50');
    expect(input.value).toBe('12,50');
    expect(change).toHaveBeenLastCalledWith({ ok: true, value: 12.5 }, '12,50');
  });

  it('keeps letters as typed and says the text is no number', async () => {
    const change = vi.fn();
    render(<NumberInput aria-label="Amount" value="" onReadingChange={change} />);
    const input = screen.getByLabelText('Amount') as HTMLInputElement;
    await userEvent.type(input, '12a');
    expect(input.value).toBe('12a');
    expect(change).toHaveBeenLastCalledWith({ ok: false, problem: 'not-a-number' }, '12a');
  });

  it('can forbid decimals and negatives, and clamps to min and max on blur', async () => {
    const change = vi.fn();
    render(
      <NumberInput
        aria-label="Count"
        value=""
        allowDecimal={false}
        allowNegative={false}
        min={1}
        max={10}
        onReadingChange={change}
      />,
    );
    const input = screen.getByLabelText('Count') as HTMLInputElement;
    await userEvent.type(input, '-4');
    expect(change).toHaveBeenLastCalledWith({ ok: false, problem: 'negative' }, '-4');
    await userEvent.clear(input);
    await userEvent.type(input, '45');
    await userEvent.tab();
    expect(input.value).toBe('10');
    expect(input.inputMode).toBe('numeric');
  });

  it('takes a new value from outside, but not the one its own text already means', async () => {
    const { rerender } = render(<NumberInput aria-label="Total" value={1} />);
    const input = screen.getByLabelText('Total') as HTMLInputElement;
    await userEvent.clear(input);
    await userEvent.type(input, '1.250');
    rerender(<NumberInput aria-label="Total" value={1250} />);
    expect(input.value).toBe('1.250');
    rerender(<NumberInput aria-label="Total" value={49.5} />);
    expect(input.value).toBe('49,5');
  });
});
