import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ApiCallPlan } from '../../engine/columns/api-config';
import type { FormScreenConfig } from '../../engine/forms';
import { initTestI18n } from '../../testing/i18n';
import { registeredControlTypes } from '../form-controls';
import { ModalContext } from '../modal-host/modal-context';
import { ConfigForm } from './config-form';

const calls = vi.hoisted(() => ({ run: vi.fn() }));
vi.mock('../../api/screen-data', () => ({ runPlannedCall: calls.run }));
const toasts = vi.hoisted(() => ({ warning: vi.fn(), success: vi.fn(), error: vi.fn() }));
vi.mock('react-toastify', () => ({ toast: toasts }));

beforeAll(initTestI18n);
beforeEach(() => {
  calls.run.mockReset();
  for (const fn of Object.values(toasts)) fn.mockReset();
});
afterEach(cleanup);

const order: FormScreenConfig = {
  path: 'Demo',
  name: 'FormSave',
  defaultValues: { FormCode: 'order' },
  options: { Product: [{ Value: 'chair', Text: 'Office chair' }] },
  afterChange: { Product: { path: 'Demo', name: 'FormAfterChange', request: { Field: 'Product' } } },
  controls: [
    { fieldName: 'Customer', label: 'Customer', type: 'text', required: true },
    {
      fieldName: 'Kind',
      label: 'Kind',
      type: 'radio',
      default: 'standard',
      more: {
        options: [
          { Value: 'standard', Text: 'Standard' },
          { Value: 'other', Text: 'Other' },
        ],
      },
    },
    {
      fieldName: 'Reason',
      label: 'Reason',
      type: 'textarea',
      required: true,
      conditionShow: [{ fieldName: 'Kind', op: 'eq', value: 'other' }],
    },
    { fieldName: 'Product', label: 'Product', type: 'select', optionKey: 'Product' },
    { fieldName: 'UnitPrice', label: 'Unit price', type: 'money' },
    { fieldName: 'Code', label: 'Code', type: 'text', disabled: true },
  ],
};

const renderForm = (config: FormScreenConfig = order, close = vi.fn()) =>
  render(
    <ModalContext.Provider value={{ close }}>
      <ConfigForm config={config} apiName="Orders" translate={(text) => text} idPrefix="f" />
    </ModalContext.Provider>,
  );

const bodies = () => calls.run.mock.calls.map(([plan]) => plan as ApiCallPlan);

describe('the form engine', () => {
  it("registers a control for every form control type of screen-config.md, and relations' lookup", () => {
    expect(registeredControlTypes().sort()).toEqual(
      [
        'text',
        'textarea',
        'number',
        'money',
        'date',
        'datetime',
        'time',
        'select',
        'multiselect',
        'checkbox',
        'switch',
        'radio',
        'color',
        'tag',
        'file',
        'photo',
        'richtext',
        'json',
        'password',
        'lookup',
      ].sort(),
    );
  });

  it('shows a hidden field once another field makes its condition hold, and disables by config', async () => {
    renderForm();
    expect(screen.queryByLabelText(/Reason/)).toBeNull();
    await userEvent.click(screen.getByLabelText('Other'));
    expect(screen.getByLabelText(/Reason/)).toBeTruthy();
    await userEvent.click(screen.getByLabelText('Standard'));
    expect(screen.queryByLabelText(/Reason/)).toBeNull();
    expect((screen.getByLabelText('Code') as HTMLInputElement).disabled).toBe(true);
  });

  it('marks empty required fields on submit with the warning toast, sends nothing, and clears a mark once filled', async () => {
    renderForm();
    await userEvent.click(screen.getByLabelText('Other'));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(toasts.warning).toHaveBeenCalledWith('Please fill out all required fields.');
    expect(calls.run).not.toHaveBeenCalled();
    const customer = screen.getByLabelText(/Customer/);
    expect(customer.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByLabelText(/Reason/).getAttribute('aria-invalid')).toBe('true');
    await userEvent.type(customer, 'An');
    expect(customer.getAttribute('aria-invalid')).toBeNull();
    expect(screen.getByLabelText(/Reason/).getAttribute('aria-invalid')).toBe('true');
  });

  it("runs a field's after-change call and applies the Data map of its answer", async () => {
    calls.run.mockResolvedValueOnce({ StatusCode: 1, Msg: '', Data: { UnitPrice: 49 } });
    renderForm();
    await userEvent.selectOptions(screen.getByLabelText('Product'), 'chair');
    await waitFor(() => expect((screen.getByLabelText('Unit price') as HTMLInputElement).value).toBe('49'));
    expect(bodies()[0]).toMatchObject({
      target: { path: 'Demo', name: 'FormAfterChange' },
      body: {
        DefaultValues: { FormCode: 'order' },
        DataForm: { Product: 'chair', Kind: 'standard' },
        Field: 'Product',
      },
    });
  });

  it('submits {DefaultValues, DataForm} to the configured call, then closes its modal when configured to', async () => {
    const close = vi.fn();
    calls.run.mockResolvedValueOnce({ StatusCode: 1, Msg: 'Saved.', Data: { Id: 7 } });
    renderForm({ ...order, closeMyModalAfterSubmit: true, afterChange: {} }, close);
    await userEvent.type(screen.getByLabelText(/Customer/), 'An');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(close).toHaveBeenCalledWith({ Id: 7 }));
    expect(bodies()[0]).toEqual({
      target: { path: 'Demo', name: 'FormSave' },
      url: '/api/v1/Demo/FormSave',
      method: 'POST',
      body: { DefaultValues: { FormCode: 'order' }, DataForm: { Customer: 'An', Kind: 'standard' } },
    });
    expect(toasts.success).toHaveBeenCalledWith('Saved.');
  });

  it("shows the server's field errors on their fields, and Reset brings back the starting values", async () => {
    calls.run.mockRejectedValueOnce({
      code: 'http',
      status: 400,
      msg: 'UnitPrice: must be at least 0',
      description: 'UnitPrice: must be at least 0',
    });
    renderForm({ ...order, afterChange: {} });
    await userEvent.type(screen.getByLabelText(/Customer/), 'An');
    fireEvent.change(screen.getByLabelText('Unit price'), { target: { value: '-1' } });
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText('Unit price must be at least 0.');
    expect(screen.getByLabelText('Unit price').getAttribute('aria-invalid')).toBe('true');
    expect(toasts.error).toHaveBeenCalledWith('Please correct the marked fields.');
    await userEvent.click(screen.getByRole('button', { name: 'Reset' }));
    expect((screen.getByLabelText(/Customer/) as HTMLInputElement).value).toBe('');
    expect(screen.queryByText('Unit price must be at least 0.')).toBeNull();
  });

  it('reads numbers as displayed, and refuses letters or an unclear number under the field without sending', async () => {
    calls.run.mockResolvedValue({ StatusCode: 1, Msg: '', Data: null });
    renderForm({ ...order, afterChange: {} });
    await userEvent.type(screen.getByLabelText(/Customer/), 'An');
    const price = screen.getByLabelText('Unit price') as HTMLInputElement;
    await userEvent.type(price, '12abc');
    // The message waits until the field is left.
    expect(screen.queryByText('Must be a number.')).toBeNull();
    await userEvent.tab();
    expect(screen.getByText('Must be a number.')).toBeTruthy();
    expect(price.getAttribute('aria-invalid')).toBe('true');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(calls.run).not.toHaveBeenCalled();
    expect(toasts.error).toHaveBeenCalledWith('Please correct the marked fields.');
    await userEvent.clear(price);
    await userEvent.type(price, '12.5');
    expect(screen.getByText(/^Unclear number/)).toBeTruthy();
    await userEvent.clear(price);
    await userEvent.type(price, '1.212,50');
    expect(screen.queryByText(/^Unclear number|Must be a number/)).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls.run).toHaveBeenCalled());
    expect(bodies()[0]?.body).toMatchObject({ DataForm: { Customer: 'An', UnitPrice: 1212.5 } });
  });

  it('takes only valid JSON, naming the line and column of a mistake, and shows it formatted', async () => {
    const config: FormScreenConfig = {
      path: 'Demo',
      name: 'FormSave',
      controls: [{ fieldName: 'Attributes', label: 'Attributes', type: 'json', default: { size: 'M' } }],
    };
    calls.run.mockResolvedValue({ StatusCode: 1, Msg: '', Data: null });
    renderForm(config);
    const area = screen.getByLabelText('Attributes') as HTMLTextAreaElement;
    expect(area.value).toBe('{\n  "size": "M"\n}');
    fireEvent.change(area, { target: { value: "{\n  'size': 'L'\n}" } });
    fireEvent.blur(area);
    expect(screen.getByText("Not valid JSON: unexpected ' at line 2, column 3.")).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(calls.run).not.toHaveBeenCalled();
    fireEvent.change(area, { target: { value: '{"size":"L"}' } });
    fireEvent.blur(area);
    expect(area.value).toBe('{\n  "size": "L"\n}');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls.run).toHaveBeenCalled());
    expect(bodies()[0]?.body).toMatchObject({ DataForm: { Attributes: { size: 'L' } } });
  });

  it('refuses a date typed that is no date, instead of keeping the old one or rolling it over', async () => {
    const config: FormScreenConfig = {
      path: 'Demo',
      name: 'FormSave',
      controls: [{ fieldName: 'Due', label: 'Due', type: 'date', default: '2024-03-05' }],
    };
    calls.run.mockResolvedValue({ StatusCode: 1, Msg: '', Data: null });
    renderForm(config);
    const due = screen.getByLabelText('Due') as HTMLInputElement;
    expect(due.value).toBe('05/03/2024');
    fireEvent.change(due, { target: { value: '31/02/2024' } });
    fireEvent.blur(due);
    expect(screen.getByText('Enter a date as dd/mm/yyyy')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(calls.run).not.toHaveBeenCalled();
  });

  it('tells the dialog around it while it holds changes not yet saved', async () => {
    const setUnsaved = vi.fn();
    render(
      <ModalContext.Provider value={{ close: vi.fn(), setUnsaved }}>
        <ConfigForm config={order} apiName="Orders" translate={(text) => text} idPrefix="f" />
      </ModalContext.Provider>,
    );
    expect(setUnsaved).toHaveBeenLastCalledWith(expect.any(String), false);
    await userEvent.type(screen.getByLabelText(/Customer/), 'An');
    expect(setUnsaved).toHaveBeenLastCalledWith(expect.any(String), true);
    await userEvent.click(screen.getByRole('button', { name: 'Reset' }));
    expect(setUnsaved).toHaveBeenLastCalledWith(expect.any(String), false);
  });
});
