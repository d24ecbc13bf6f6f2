import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { NumberInput } from './number-input';

afterEach(cleanup);

describe('the number input', () => {
  it('keeps digits, one leading minus and one dot, and reports the number', async () => {
    const change = vi.fn();
    render(<NumberInput aria-label="Amount" value="" onValueChange={change} />);
    const input = screen.getByLabelText('Amount') as HTMLInputElement;
    await userEvent.type(input, '1-2a.3.4');
    expect(input.value).toBe('12.34');
    await userEvent.clear(input);
    await userEvent.type(input, '-5');
    expect(change).toHaveBeenLastCalledWith('-5', -5);
  });

  it('can forbid decimals and negatives, and clamps to min and max on blur', async () => {
    render(
      <NumberInput aria-label="Count" value="" allowDecimal={false} allowNegative={false} min={1} max={10} />,
    );
    const input = screen.getByLabelText('Count') as HTMLInputElement;
    await userEvent.type(input, '-4.5');
    expect(input.value).toBe('45');
    await userEvent.tab();
    expect(input.value).toBe('10');
    expect(input.inputMode).toBe('numeric');
  });
});
