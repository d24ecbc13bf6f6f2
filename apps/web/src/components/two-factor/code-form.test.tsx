import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import '../../testing/i18n';
import { CodeForm } from './code-form';

afterEach(cleanup);

const codeField = () => screen.getByLabelText('Code') as HTMLInputElement;

describe('the second-factor code form', () => {
  it('refuses a code that is not 6 digits without calling the check', async () => {
    const check = vi.fn();
    render(<CodeForm id="c" method="totp" sendLabel="Send" check={check} send={vi.fn()} />);
    await userEvent.type(codeField(), '12a3');
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect((await screen.findByRole('alert')).textContent).toBe('The code has 6 digits.');
    expect(check).not.toHaveBeenCalled();
    expect(screen.queryByRole('button', { name: 'Send' })).toBeNull();
  });

  it("shows the check's failure and empties the field when asked", async () => {
    const check = vi.fn().mockRejectedValue({ code: 0, msg: 'The code is not valid.' });
    render(
      <CodeForm id="c" method="email" sendLabel="Send" check={check} send={vi.fn()} clearCodeOnFailure />,
    );
    await userEvent.type(codeField(), '123456');
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect((await screen.findByRole('alert')).textContent).toBe('The code is not valid.');
    expect(check).toHaveBeenCalledWith('123456');
    expect(codeField().value).toBe('');
  });

  it('sends an e-mail code and names the recipient', async () => {
    const send = vi.fn().mockResolvedValue({ FA2MethodId: 'email', Recipient: 'a***@example.com' });
    render(<CodeForm id="c" method="email" sendLabel="Send" check={vi.fn()} send={send} />);
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('We sent a code to a***@example.com.')).toBeTruthy();
  });
});
