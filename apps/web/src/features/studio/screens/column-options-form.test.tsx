import { fireEvent, render, screen } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { initTestI18n } from '../../../testing/i18n';
import { COLUMN_OPTION_FORM } from './column-options';
import { ColumnOptionsForm } from './column-options-form';

beforeAll(initTestI18n);

const form = (more: Record<string, unknown> | undefined, issues: Record<string, string> = {}) => {
  const onChange = vi.fn();
  render(
    <ColumnOptionsForm
      field="Price"
      more={more}
      fields={['Id', 'IsLate']}
      issues={issues}
      onChange={onChange}
    />,
  );
  return onChange;
};

describe('a column’s options form', () => {
  it('has a group for each group of part 2 section 3, each field explained', () => {
    expect(COLUMN_OPTION_FORM.map((group) => group.id)).toEqual([
      'visibility',
      'value',
      'modal',
      'confirmation',
      'button',
      'embedded',
      'icon',
      'photo',
      'link',
      'styling',
      'editing',
      'formats',
      'display',
      'update',
      'reloads',
      'api',
    ]);
    for (const group of COLUMN_OPTION_FORM)
      for (const field of group.fields) expect(field.hint, field.path.join('.')).not.toBe('');
  });

  it('opens on the first group that sets something and counts what each group sets', () => {
    form({ needReloadListMain: true, api: { name: 'Approve', needReloadRow: true } });
    expect(screen.getByRole('group', { name: 'Reloads' })).toBeTruthy();
    expect(screen.getByRole('button', { name: /^Api config 2\s*set/ })).toBeTruthy();
    expect((screen.getByLabelText(/^Reload the list/) as HTMLInputElement).checked).toBe(true);
  });

  it('keeps No for an option whose default is yes, and removes it when set back', () => {
    const onChange = form(undefined);
    fireEvent.click(screen.getByRole('button', { name: 'Visibility' }));
    const select = screen.getByLabelText(/^Show the cells/);
    fireEvent.change(select, { target: { value: 'no' } });
    expect(onChange).toHaveBeenLastCalledWith({ canShow: false });
    fireEvent.change(select, { target: { value: '' } });
    expect(onChange).toHaveBeenLastCalledWith(undefined);
  });

  it('takes a JSON option only once it is an object, saying why under the field', () => {
    const onChange = form({ button: { title: 'Go' } });
    fireEvent.click(screen.getByRole('button', { name: /^Button/ }));
    const colours = screen.getByLabelText(/^Colour by value/);
    fireEvent.change(colours, { target: { value: '{"1": "success"' } });
    expect(onChange).not.toHaveBeenCalled();
    expect(colours.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('This is not JSON: check the quotes, commas and braces.')).toBeTruthy();
    fireEvent.change(colours, { target: { value: '{"1": "success"}' } });
    expect(onChange).toHaveBeenLastCalledWith({ button: { title: 'Go', colorByValue: { '1': 'success' } } });
    expect(colours.getAttribute('aria-invalid')).toBeNull();
  });

  it('shows the rules’ message under the field it concerns and marks its group', () => {
    form({ button: { color: 'not-a-colour' } }, { 'button.color': 'must be a colour such as #057e38' });
    expect(screen.getByRole('button', { name: /^Button Check/ })).toBeTruthy();
    const colour = screen.getByLabelText(/^Colour/, { selector: 'input:not([type=color])' });
    expect(colour.getAttribute('aria-invalid')).toBe('true');
    const described = (colour.getAttribute('aria-describedby') ?? '').split(' ');
    const messages = described.map((id) => document.getElementById(id)?.textContent);
    expect(messages).toContain('must be a colour such as #057e38');
  });
});
