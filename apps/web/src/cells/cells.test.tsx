// The cell components read every option group of part 2 section 3 through the engine's resolvers.
// The engine tests each option; these tests fail when the UI wiring drops one.

import { CELL_TYPES } from '@panelwright/contract/constants';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { installScreenRenderer } from '../components/embedded-screen/embedded-screen';
import { fakeActions, renderCell } from '../testing/cells';
import { registeredCellTypes } from './registry';

afterEach(cleanup);

const row = (fields: Record<string, unknown> = {}) => ({ Id: 7, Name: 'Lamp', ...fields });

describe('the cell registry', () => {
  it('has one renderer for every cell type of screen-config.md', () => {
    expect(registeredCellTypes().sort()).toEqual([...CELL_TYPES].sort());
  });
});

describe('Visibility', () => {
  it('canShow false hides the content, fCanShow and hideOfIds decide per row', () => {
    expect(renderCell({ more: { canShow: false } }, row()).cell.textContent).toBe('');
    cleanup();
    expect(
      renderCell({ more: { canShow: false, fCanShow: 'Show' } }, row({ Show: 1 })).cell.textContent,
    ).toContain('Lamp');
    cleanup();
    expect(renderCell({ type: 'readonly', more: { hideOfIds: [7] } }, row()).cell.textContent).toBe('');
    cleanup();
    expect(renderCell({ type: 'readonly', more: { hideOfIds: [8] } }, row()).cell.textContent).toBe('Lamp');
  });
});

describe('Value and text', () => {
  it('fValue picks the field shown and edited, fText the text shown', async () => {
    const actions = fakeActions({
      S: [
        { Value: 1, Text: 'Open' },
        { Value: 2, Text: 'Closed!' },
      ],
    });
    const { cell } = renderCell(
      { type: 'select', Type: { source: 'S' }, more: { fValue: 'StatusId', fText: 'StatusName' } },
      row({ StatusId: 2, StatusName: 'Closed' }),
      { actions },
    );
    expect(cell.textContent).toBe('Closed');
    await userEvent.click(within(cell).getByRole('button'));
    expect((within(cell).getByRole('combobox') as HTMLSelectElement).value).toBe('2');
  });

  it('a value of an option list shows its label', () => {
    const actions = fakeActions({ Status: [{ Value: 'a', Text: 'Active' }] });
    const { cell } = renderCell(
      { type: 'select', CanEdit: false, Type: { source: 'Status' } },
      row({ Name: 'a' }),
      {
        actions,
      },
    );
    expect(cell.textContent).toBe('Active');
  });
});

describe('Modal', () => {
  it('a click opens the modal; canShowModal false or a falsy fCanShowModal suppress it', async () => {
    const { cell, actions } = renderCell({ type: 'readonly', more: { modal: { title: 'T' } } }, row());
    await userEvent.click(within(cell).getByRole('button'));
    expect(actions.openModal).toHaveBeenCalledTimes(1);
    cleanup();
    expect(
      renderCell({ type: 'readonly', more: { modal: { canShowModal: false } } }, row()).cell.querySelector(
        'button',
      ),
    ).toBeNull();
    cleanup();
    const gated = renderCell(
      { type: 'readonly', more: { modal: { fCanShowModal: 'Open' } } },
      row({ Open: 0 }),
    );
    expect(gated.cell.querySelector('button')).toBeNull();
  });

  it('an editable cell with a modal opens the modal in the table and edits in the modal', async () => {
    const args = { type: 'text', more: { modal: { type: 'cellinmodal' } } } as const;
    const inTable = renderCell(args, row());
    await userEvent.click(within(inTable.cell).getByRole('button'));
    expect(inTable.actions.openModal).toHaveBeenCalled();
    cleanup();
    const inModal = renderCell(args, row(), { inModal: true });
    await userEvent.click(within(inModal.cell).getByRole('button', { name: /Edit Name/ }));
    expect(within(inModal.cell).getByRole('textbox')).toBeTruthy();
  });
});

describe('Button', () => {
  it('draws the button option: variant, icon and title, tooltip, fDisabled; a click activates the cell', async () => {
    const more = {
      button: {
        color: 'success',
        outline: true,
        icon: 'star',
        title: 'Go [Name]',
        hasIconAndText: true,
        fTitleTooltip: 'Tip',
        fDisabled: 'Off',
      },
    };
    const { cell, actions } = renderCell({ type: 'button', more }, row({ Tip: 'Hello', Off: 0 }));
    const button = within(cell).getByRole('button', { name: 'Go Lamp' });
    expect(button.className).toContain('btn-outline-success');
    expect(button.getAttribute('title')).toBe('Hello');
    expect(button.querySelector('.bi-star')).toBeTruthy();
    await userEvent.click(button);
    expect(actions.activate).toHaveBeenCalledTimes(1);
    cleanup();
    const disabled = renderCell({ type: 'button', more }, row({ Off: 1 }));
    expect((within(disabled.cell).getByRole('button') as HTMLButtonElement).disabled).toBe(true);
  });

  it('colorByValue and iconByValue follow the value; an icon-only button is named by its title', () => {
    const more = { button: { colorByValue: { '1': 'danger' }, iconByValue: { '1': 'x' }, title: 'Stop' } };
    const { cell } = renderCell({ type: 'button', more }, row({ Name: 1 }));
    const button = within(cell).getByRole('button', { name: 'Stop' });
    expect(button.className).toContain('btn-danger');
    expect(button.querySelector('.bi-x')).toBeTruthy();
    expect(button.textContent).toBe('');
  });
});

describe('Embedded UI', () => {
  it('myui draws a registered screen renderer of its type inside the cell, its requestData from the row', () => {
    const seen = vi.fn();
    installScreenRenderer(({ screen }) => {
      seen(screen);
      return <span>embedded {screen.pageType}</span>;
    });
    const { cell } = renderCell(
      {
        type: 'readonly',
        more: { myui: { type: 'chart', config: { apiName: 'Sales', requestData: { ProductId: '[Id]' } } } },
      },
      row(),
    );
    expect(cell.textContent).toBe('embedded chart');
    expect(seen.mock.calls[0]?.[0]).toMatchObject({ apiName: 'Sales', requestData: { ProductId: 7 } });
  });
});

describe('Icon', () => {
  it('shows the icon active for a truthy value; inactive it takes styleInactive or hides', () => {
    const active = renderCell({ type: 'icon', CanEdit: false, more: { icon: 'lock' } }, row({ Name: true }));
    const icon = active.cell.querySelector('.bi-lock') as HTMLElement;
    expect(icon.dataset.active).toBe('true');
    cleanup();
    const inactive = renderCell(
      {
        type: 'icon',
        CanEdit: false,
        more: { icon: 'lock', configIcon: { styleInactive: { color: 'red' } } },
      },
      row({ Name: false }),
    );
    expect((inactive.cell.querySelector('.bi-lock') as HTMLElement).style.color).toBe('red');
    cleanup();
    const hidden = renderCell(
      { type: 'checkbox', CanEdit: false, more: { icon: 'lock', configIcon: { hideWhenNoActive: true } } },
      row({ Name: false }),
    );
    expect(hidden.cell.querySelector('.bi-lock')).toBeNull();
    expect(hidden.cell.querySelector('input')).toBeNull();
  });

  it('an editable icon toggles its value', async () => {
    const { cell, actions } = renderCell({ type: 'icon', more: { icon: 'star' } }, row({ Name: 0 }));
    await userEvent.click(within(cell).getByRole('button', { pressed: false }));
    expect(actions.commit).toHaveBeenCalledWith(expect.anything(), expect.anything(), true);
  });
});

describe('Photo', () => {
  it('shows each url fitted in maxHeight x maxWidth with styleImg; a click opens the lightbox there', async () => {
    const { cell, actions } = renderCell(
      { type: 'photo', CanEdit: false, more: { maxHeight: 48, styleImg: { borderRadius: '4px' } } },
      row({ Name: '/a.png,/b.png' }),
    );
    const images = cell.querySelectorAll('img');
    expect(images).toHaveLength(2);
    expect(images[0]?.style.maxHeight).toBe('48px');
    expect(images[0]?.style.maxWidth).toBe('120px');
    expect(images[0]?.style.borderRadius).toBe('4px');
    await userEvent.click(within(cell).getAllByRole('button')[1] as HTMLElement);
    expect(actions.openPhotos).toHaveBeenCalledWith(['/a.png', '/b.png'], 1);
  });

  it('fPhoto and noScale; an editable photo cell offers an upload', () => {
    const { cell } = renderCell(
      { type: 'text', more: { showPhoto: true, fPhoto: 'Pic', noScale: true } },
      row({ Pic: '/p.png' }),
    );
    const image = cell.querySelector('img') as HTMLImageElement;
    expect(image.getAttribute('src')).toBe('/p.png');
    expect(image.style.maxHeight).toBe('');
    cleanup();
    const editable = renderCell({ type: 'photo' }, row({ Name: '' }));
    expect(within(editable.cell).getByRole('button', { name: 'Upload a photo for Name' })).toBeTruthy();
  });
});

describe('Link', () => {
  it('follows http, https, mailto, tel and relative links only, in a new window unless newWindow is false', () => {
    const { cell } = renderCell(
      { type: 'link', CanEdit: false, more: { link: 'https://x.test/p/[Id]', linkTitle: 'Open [Name]' } },
      row(),
    );
    const anchor = within(cell).getByRole('link', { name: 'Open Lamp' });
    expect(anchor.getAttribute('href')).toBe('https://x.test/p/7');
    expect(anchor.getAttribute('target')).toBe('_blank');
    expect(anchor.getAttribute('rel')).toContain('noopener');
    cleanup();
    const same = renderCell(
      { type: 'link', CanEdit: false, more: { fLink: 'Url', newWindow: false } },
      row({ Url: '/x' }),
    );
    expect(within(same.cell).getByRole('link').getAttribute('target')).toBeNull();
    cleanup();
    const bad = renderCell({ type: 'link', CanEdit: false }, row({ Name: 'javascript:alert(1)' }));
    expect(bad.cell.querySelector('a')).toBeNull();
    expect(bad.cell.textContent).toBe('javascript:alert(1)');
  });
});

describe('Styling', () => {
  it('puts the resolved style and classes on the cell, and the edit control styles on the control', async () => {
    const { cell } = renderCell(
      {
        Style: '{"textAlign":"right"}',
        ClassName: 'col-x',
        more: {
          styleByValue: { Lamp: { fontWeight: 'bold' } },
          fBorderLeftColor: 'Mark',
          fColor: 'Ink',
          className: 'mine',
          classNameWithColField: 'Extra',
          styleInput: { width: '50px' },
          autoTextWB: true,
        },
      },
      row({ Mark: '#ff0000', Ink: 'blue', Extra: 'from-row', UI_ClassTableCell: { Name: 'row-class' } }),
    );
    expect(cell.style.textAlign).toBe('right');
    expect(cell.style.fontWeight).toBe('bold');
    expect(cell.style.borderLeft).toBe('4px solid rgb(255, 0, 0)');
    expect(cell.style.color).toBe('blue');
    expect(cell.className).toContain('col-x');
    expect(cell.className).toContain('mine');
    expect(cell.className).toContain('from-row');
    expect(cell.className).toContain('row-class');
    expect(cell.className).toContain('cell-wrap');
    await userEvent.click(within(cell).getByRole('button'));
    expect((within(cell).getByRole('textbox') as HTMLInputElement).style.width).toBe('50px');
  });

  it('styleDisabled applies to read-only cells, Type.bgF gives the background', () => {
    const { cell } = renderCell(
      { CanEdit: false, Type: { bgF: 'Bg' }, more: { styleDisabled: { opacity: 0.5 } } },
      row({ Bg: 'yellow' }),
    );
    expect(cell.style.opacity).toBe('0.5');
    expect(cell.style.backgroundColor).toBe('yellow');
  });
});

describe('Editing', () => {
  it('a locked row, a read-only column, a false fCanEdit or a true fLock field show no editor', () => {
    const cases = [
      renderCell({}, row({ IsLocked: true })),
      renderCell({ CanEdit: false }, row()),
      renderCell({ more: { fCanEdit: 'A,B' } }, row({ A: 1, B: 0 })),
      renderCell({ more: { lockF: 'L' } }, row({ L: 'true' })),
    ];
    for (const view of cases) expect(within(view.cell).queryByRole('button')).toBeNull();
  });

  it('placeHolder shows in the control only, never on an empty cell as if a value; clickToSelect selects the text', async () => {
    const { cell } = renderCell(
      { more: { placeHolder: 'Type a name', clickToSelect: true } },
      row({ Name: 'Lamp' }),
    );
    await userEvent.click(within(cell).getByRole('button'));
    const input = within(cell).getByRole('textbox') as HTMLInputElement;
    expect(input.placeholder).toBe('Type a name');
    expect(input.selectionStart).toBe(0);
    expect(input.selectionEnd).toBe(4);
    cleanup();
    const empty = renderCell({ more: { placeHolder: 'Type a name' } }, row({ Name: '' })).cell;
    expect(empty.textContent).not.toContain('Type a name');
    expect(within(empty).getByRole('button').getAttribute('aria-label')).toBe('Edit Name: empty');
  });

  it('Enter saves the typed value, Escape cancels', async () => {
    const { cell, actions } = renderCell({}, row());
    await userEvent.click(within(cell).getByRole('button'));
    await userEvent.clear(within(cell).getByRole('textbox'));
    await userEvent.type(within(cell).getByRole('textbox'), 'Desk{Enter}');
    expect(actions.commit).toHaveBeenCalledWith(
      expect.objectContaining({ Id: 7 }),
      expect.anything(),
      'Desk',
    );
    await userEvent.click(within(cell).getByRole('button'));
    await userEvent.type(within(cell).getByRole('textbox'), 'x{Escape}');
    expect(actions.commit).toHaveBeenCalledTimes(1);
    expect(within(cell).getByRole('button')).toBeTruthy();
  });

  it('usingI18n translates the display and option texts', () => {
    const actions = fakeActions();
    actions.t = (key: string) => (key === 'Lamp' ? 'Đèn' : key);
    expect(
      renderCell({ type: 'readonly', more: { usingI18n: true } }, row(), { actions }).cell.textContent,
    ).toBe('Đèn');
  });
});

describe('Formats and Display', () => {
  it('formats numbers, money, percent and dates with the product defaults or dateFormat / format', () => {
    const shown = (args: Parameters<typeof renderCell>[0], value: unknown) => {
      const text = renderCell({ CanEdit: false, ...args }, row({ Name: value })).cell.textContent;
      cleanup();
      return text;
    };
    expect(shown({ type: 'number' }, 1234.5)).toBe('1.234,5');
    expect(shown({ type: 'money' }, 1234.567)).toBe('1.234,57');
    expect(shown({ type: 'percent' }, 12.5)).toBe('12,5%');
    expect(shown({ type: 'date' }, '2024-03-05')).toBe('05-Mar24');
    expect(shown({ type: 'date', more: { dateFormat: 'DD/MM/YYYY' } }, '2024-03-05')).toBe('05/03/2024');
    expect(shown({ type: 'number', more: { format: '0.00' } }, 3)).toBe('3,00');
    expect(shown({ type: 'time' }, '08:05:00')).toBe('08:05');
  });

  it('showShortText cuts to countShort with "...", the whole text in the tooltip; isHide hides; configTitleTooltip', () => {
    const long = 'abcdefghij';
    const short = renderCell(
      { CanEdit: false, more: { configDisplay: { showShortText: true, countShort: 4 } } },
      row({ Name: long }),
    );
    expect(short.cell.textContent).toBe('abcd...');
    expect(short.cell.getAttribute('title')).toBe(long);
    cleanup();
    expect(
      renderCell({ CanEdit: false, more: { configDisplay: { isHide: true } } }, row()).cell.textContent,
    ).toBe('');
    cleanup();
    const tip = renderCell({ CanEdit: false, more: { configTitleTooltip: { text: 'About [Name]' } } }, row());
    expect(tip.cell.getAttribute('title')).toBe('About Lamp');
    cleanup();
    expect(
      renderCell({ CanEdit: false, more: { configDisplay: { text: '#[Id] [Name]' } } }, row()).cell
        .textContent,
    ).toBe('#7 Lamp');
  });

  it('html is sanitised; json shows as key: value text', () => {
    const html = renderCell(
      { type: 'html', CanEdit: false },
      row({ Name: '<b>ok</b><img src=x onerror="alert(1)"><script>x()</script>' }),
    );
    expect(html.cell.querySelector('b')?.textContent).toBe('ok');
    expect(html.cell.querySelector('script')).toBeNull();
    expect(html.cell.querySelector('img')?.getAttribute('onerror')).toBeNull();
    cleanup();
    expect(
      renderCell({ type: 'json', CanEdit: false }, row({ Name: { a: 1, b: 'x' } })).cell.textContent,
    ).toBe('a: 1 · b: x');
  });
});

describe('Update behaviour and the cell states', () => {
  it('waitApi marks the cell waiting and refuses edits while an api of the row runs', () => {
    const { cell } = renderCell({ more: { waitApi: true } }, row({ _UI_Loading: { Other: true } }));
    expect(cell.className).toContain('cell-waiting');
    expect(cell.getAttribute('aria-busy')).toBe('true');
    expect(within(cell).queryByRole('button')).toBeNull();
    expect(cell.textContent).toContain('Waiting for the server');
  });

  it('loading shows a spinner; a network error shows its message and a Retry, a refusal no Retry', async () => {
    const { cell, actions, rerender } = renderCell({}, row({ _UI_Loading: { Name: true } }));
    expect(within(cell).getByRole('status').textContent).toBe('Saving');
    rerender(row({ _UI_Error: { Name: 'Network error' }, _UI_ErrorRetryable: { Name: true } }));
    expect(within(cell).getByRole('alert').textContent).toContain('Network error');
    await userEvent.click(within(cell).getByRole('button', { name: 'Retry' }));
    expect(actions.retry).toHaveBeenCalledTimes(1);
    rerender(row({ _UI_Error: { Name: 'Name: is too long' } }));
    expect(within(cell).queryByRole('button', { name: 'Retry' })).toBeNull();
    await userEvent.click(within(cell).getByRole('button', { name: 'Undo' }));
    expect(actions.cancelEdit).toHaveBeenCalledTimes(1);
  });

  it('a refused value keeps its editor open with the typed value and the message', () => {
    const { cell } = renderCell(
      { type: 'text', CanEdit: true },
      row({ Name: 'saved', _UI_Tried: { Name: 'typed' }, _UI_Error: { Name: 'Name: is too long' } }),
    );
    const input = within(cell).getByRole('textbox') as HTMLInputElement;
    expect(input.value).toBe('typed');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(within(cell).getByRole('alert').textContent).toContain('Name: is too long');
    expect(cell.textContent).not.toContain('saved');
  });

  it('the fields of updateUIRelative flash after the update; UI_ComponentAppendCell appends', () => {
    const { cell } = renderCell(
      {},
      row({
        _UI_NeedUpdateUI: true,
        _UI_NeedUpdateUIByFields: ['Name'],
        UI_ComponentAppendCell: { Name: { type: 'badge', text: 'new' } },
      }),
    );
    expect(cell.className).toContain('cell-refreshed');
    expect(cell.querySelector('.badge')?.textContent).toBe('new');
  });
});

describe('editors of the cell types', () => {
  it('checkbox and switch save the flipped value at once', async () => {
    const box = renderCell({ type: 'checkbox' }, row({ Name: 1 }));
    await userEvent.click(within(box.cell).getByRole('checkbox'));
    expect(box.actions.commit).toHaveBeenCalledWith(expect.anything(), expect.anything(), false);
    cleanup();
    const toggle = renderCell({ type: 'switch' }, row({ Name: false }));
    await userEvent.click(within(toggle.cell).getByRole('switch'));
    expect(toggle.actions.commit).toHaveBeenCalledWith(expect.anything(), expect.anything(), true);
  });

  it('select saves the option value, multiselect the comma text of the picked values', async () => {
    const options = {
      S: [
        { Value: 1, Text: 'One' },
        { Value: 2, Text: 'Two' },
      ],
    };
    const select = renderCell({ type: 'select', Type: { source: 'S' } }, row({ Name: 1 }), {
      actions: fakeActions(options),
    });
    await userEvent.click(within(select.cell).getByRole('button'));
    await userEvent.selectOptions(within(select.cell).getByRole('combobox'), '2');
    expect(select.actions.commit).toHaveBeenCalledWith(expect.anything(), expect.anything(), 2);
    cleanup();
    const multi = renderCell({ type: 'multiselect', Type: { source: 'S' } }, row({ Name: '1' }), {
      actions: fakeActions(options),
    });
    await userEvent.click(within(multi.cell).getByRole('button'));
    await userEvent.click(within(multi.cell).getByLabelText('Two'));
    await userEvent.click(within(multi.cell).getByRole('button', { name: 'Save' }));
    expect(multi.actions.commit).toHaveBeenCalledWith(expect.anything(), expect.anything(), '1,2');
  });

  it('number cells read what is typed as displayed: 12,50 saves 12.5', async () => {
    const { cell, actions } = renderCell({ type: 'money' }, row({ Name: 555.33 }));
    expect(cell.textContent).toBe('555,33');
    await userEvent.click(within(cell).getByRole('button'));
    const input = within(cell).getByRole('textbox') as HTMLInputElement;
    expect(input.value).toBe('555,33');
    await userEvent.clear(input);
    await userEvent.type(input, '1.250,5{Enter}');
    expect(actions.commit).toHaveBeenCalledWith(expect.anything(), expect.anything(), 1250.5);
  });

  it('number cells refuse letters and unclear numbers with a message, and save nothing', async () => {
    const { cell, actions } = renderCell({ type: 'money' }, row({ Name: 5 }));
    await userEvent.click(within(cell).getByRole('button'));
    const input = within(cell).getByRole('textbox') as HTMLInputElement;
    await userEvent.clear(input);
    await userEvent.type(input, 'abc{Enter}');
    expect(input.value).toBe('abc');
    expect(within(cell).getByText('Must be a number.')).toBeTruthy();
    expect(input.getAttribute('aria-invalid')).toBe('true');
    await userEvent.clear(input);
    await userEvent.type(input, '12.5{Enter}');
    expect(within(cell).getByText(/^Unclear number/)).toBeTruthy();
    expect(actions.commit).not.toHaveBeenCalled();
    await userEvent.clear(input);
    await userEvent.type(input, '12,5{Enter}');
    expect(actions.commit).toHaveBeenCalledWith(expect.anything(), expect.anything(), 12.5);
  });

  it('percent cells take the value as shown, with its % sign', async () => {
    const { cell, actions } = renderCell({ type: 'percent' }, row({ Name: 12.5 }));
    expect(cell.textContent).toBe('12,5%');
    await userEvent.click(within(cell).getByRole('button'));
    const input = within(cell).getByRole('textbox');
    await userEvent.clear(input);
    await userEvent.type(input, '7,25%{Enter}');
    expect(actions.commit).toHaveBeenCalledWith(expect.anything(), expect.anything(), 7.25);
  });

  it('json is edited formatted, and refuses text that does not parse, naming the line and column', async () => {
    const { cell, actions } = renderCell({ type: 'json' }, row({ Name: { a: 1 } }));
    await userEvent.click(within(cell).getByRole('button'));
    const area = within(cell).getByRole('textbox') as HTMLTextAreaElement;
    expect(area.value).toBe('{\n  "a": 1\n}');
    fireEvent.change(area, { target: { value: '{\n  "a": 1,\n  b: 2\n}' } });
    fireEvent.blur(area);
    expect(actions.commit).not.toHaveBeenCalled();
    expect(screen.getByText('Not valid JSON: unexpected b at line 3, column 3.')).toBeTruthy();
    fireEvent.change(area, { target: { value: '{"b":2}' } });
    fireEvent.keyDown(area, { key: 'Enter', ctrlKey: true });
    expect(actions.commit).toHaveBeenCalledWith(expect.anything(), expect.anything(), { b: 2 });
  });

  it('time cells take hh:mm in 24 hours only, typed in a text input', async () => {
    const { cell, actions } = renderCell({ type: 'time' }, row({ Name: '08:30' }));
    await userEvent.click(within(cell).getByRole('button'));
    const input = within(cell).getByLabelText('Name') as HTMLInputElement;
    // Never the browser's own time input, which shows AM and PM in English.
    expect(input.type).toBe('text');
    expect(input.value).toBe('08:30');
    fireEvent.change(input, { target: { value: '9:45 PM' } });
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(actions.commit).not.toHaveBeenCalled();
    expect(within(cell).getByText('Enter a time as hh:mm')).toBeTruthy();
    fireEvent.change(input, { target: { value: '09:45' } });
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(actions.commit).toHaveBeenCalledWith(expect.anything(), expect.anything(), '09:45');
  });

  it('delete, remove, action, form, api and modal cells call their actions', async () => {
    const del = renderCell({ type: 'delete' }, row());
    await userEvent.click(within(del.cell).getByRole('button', { name: 'Delete row 7' }));
    expect(del.actions.deleteRow).toHaveBeenCalled();
    cleanup();
    const rem = renderCell({ type: 'remove' }, row());
    await userEvent.click(within(rem.cell).getByRole('button', { name: 'Remove row 7' }));
    expect(rem.actions.removeRow).toHaveBeenCalled();
    cleanup();
    const form = renderCell({ type: 'form' }, row());
    await userEvent.click(within(form.cell).getByRole('button'));
    expect(form.actions.openForm).toHaveBeenCalled();
    cleanup();
    const api = renderCell({ type: 'api', more: { api: { name: 'Run' } } }, row());
    await userEvent.click(within(api.cell).getByRole('button', { name: 'Lamp' }));
    expect(api.actions.activate).toHaveBeenCalled();
    cleanup();
    const modal = renderCell({ type: 'modal', more: { modal: { type: 'mypage' } } }, row());
    await userEvent.click(within(modal.cell).getByRole('button'));
    expect(modal.actions.openModal).toHaveBeenCalled();
    cleanup();
    const action = renderCell(
      {
        type: 'action',
        more: {
          actions: [
            { title: 'First', api: { name: 'A' } },
            { title: 'Second', modal: {} },
          ],
        },
      },
      row(),
    );
    await userEvent.click(within(action.cell).getByRole('button', { name: 'Actions of row 7' }));
    await userEvent.click(screen.getByRole('button', { name: 'Second' }));
    const [, item] = action.actions.activate.mock.calls[0] ?? [];
    expect(item).toMatchObject({ cellType: 'button', more: { modal: {} } });
  });
});
