import { EditorView } from '@codemirror/view';
import type { ConfigScreen } from '@panelwright/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import * as configuration from '../../../api/configuration';
import { initTestI18n } from '../../../testing/i18n';
import { StudioDraftProvider, useStudioDraftIfRead } from '../draft';
import { JsonItemEditor } from './json-item-editor';

vi.mock('../../../api/configuration', () => ({
  fetchConfigDraft: vi.fn(),
  saveConfigDraft: vi.fn(),
  discardConfigDraft: vi.fn(),
  checkConfigItem: vi.fn(),
}));
const api = vi.mocked(configuration);

const PRODUCTS: ConfigScreen = {
  title: 'Products',
  uiUrl: '/data/products',
  uiType: 'table',
  apiName: 'Product',
  apiMethod: 'List',
  type: '',
  parent: null,
  orderNo: 10,
  isPublic: false,
  isEnabled: true,
  config: {},
  requestData: {},
  screenConfig: {},
  uiTypeContents: null,
  columns: { Price: { header: 'Unit price' } },
  columnOrder: [],
};

beforeAll(async () => {
  await initTestI18n();
  // jsdom lays nothing out; CodeMirror measures text through ranges.
  const rect = { x: 0, y: 0, top: 0, left: 0, bottom: 0, right: 0, width: 0, height: 0, toJSON: () => ({}) };
  Range.prototype.getBoundingClientRect = () => rect as DOMRect;
  Range.prototype.getClientRects = () => Object.assign([], { item: () => null }) as unknown as DOMRectList;
});

beforeEach(() => {
  vi.clearAllMocks();
  api.fetchConfigDraft.mockResolvedValue({
    Version: 3,
    Document: {
      format: 1,
      screens: { products: PRODUCTS },
      menus: { side: [], app: [] },
      translations: {},
      roles: {},
      settings: {},
    },
    Items: [],
    Changes: [],
  });
  api.checkConfigItem.mockResolvedValue({ Errors: [] });
  api.saveConfigDraft.mockImplementation(async (input) => ({
    Item: [...input.Item],
    Removed: false,
    Revision: 1,
    BasedOn: 3,
    UpdatedBy: 'admin',
    UpdatedAt: '2026-11-26T20:00:00Z',
  }));
});

function Editor({ onSaved, value }: { onSaved?: (value: unknown) => void; value?: unknown }) {
  const draft = useStudioDraftIfRead();
  if (!draft) return null;
  return (
    <JsonItemEditor
      item={['screens', 'products']}
      value={value ?? draft.document.screens.products}
      onSaved={onSaved}
    />
  );
}

/** The editor, once CodeMirror has loaded, and a way to replace its text as typing would. */
async function renderEditor(onSaved?: (value: unknown) => void) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const rendered = render(
    <QueryClientProvider client={client}>
      <StudioDraftProvider>
        <Editor onSaved={onSaved} />
      </StudioDraftProvider>
    </QueryClientProvider>,
  );
  const content = await screen.findByRole('textbox', { name: 'JSON of screens.products' });
  const view = EditorView.findFromDOM(content) as EditorView;
  const type = (text: string) =>
    view.dispatch({ changes: { from: 0, to: view.state.doc.length, insert: text } });
  /** The editor given another value from outside (the draft read again). */
  const receive = (value: unknown) =>
    rendered.rerender(
      <QueryClientProvider client={client}>
        <StudioDraftProvider>
          <Editor onSaved={onSaved} value={value} />
        </StudioDraftProvider>
      </QueryClientProvider>,
    );
  return { content, view, type, receive };
}

const withColour = (color: string) =>
  JSON.stringify(
    { ...PRODUCTS, columns: { Price: { header: 'Unit price', more: { button: { color } } } } },
    null,
    2,
  );

/** The line and column (from 1) of a text's first occurrence of `part`. */
function placeOf(text: string, part: string) {
  const before = text.slice(0, text.indexOf(part)).split('\n');
  return { line: before.length, column: (before.at(-1) ?? '').length + 1 };
}

describe('JsonItemEditor', () => {
  it('shows the item’s value, labelled, and finds nothing wrong with it', async () => {
    const { view } = await renderEditor();
    expect(JSON.parse(view.state.doc.toString())).toEqual(PRODUCTS);
    expect(await screen.findByText('No errors.')).toBeTruthy();
  });

  it('marks a malformed option at the line of its key, in the server’s words once it has them, and does not save it', async () => {
    const { view, type } = await renderEditor();
    const text = withColour('not-a-colour');
    type(text);
    const { line, column } = placeOf(text, '"color"');
    // The contract's schema, at once.
    const issue = await screen.findByRole('button', { name: /columns\.Price\.more\.button\.color/ });
    expect(issue.textContent).toContain(`Line ${line}, column ${column}`);
    expect(issue.textContent).toContain('must be a colour such as #057e38');
    // The editor marks the same place: a lint mark in the gutter on that line.
    await waitFor(() => expect(document.querySelectorAll('.cm-lint-marker-error').length).toBe(1));
    // Then the server's words for it (in the user's language).
    api.checkConfigItem.mockResolvedValue({
      Errors: [
        {
          Path: 'screens.products.columns.Price.more.button.color',
          Message: 'phải là một màu, ví dụ #057e38',
        },
      ],
    });
    type(`${text}\n`);
    await waitFor(() =>
      expect(screen.getByRole('button', { name: /columns\.Price/ }).textContent).toContain('phải là một màu'),
    );
    expect(api.checkConfigItem).toHaveBeenLastCalledWith(['screens', 'products'], JSON.parse(text));

    fireEvent.click(screen.getByRole('button', { name: 'Save to the draft' }));
    expect(await screen.findByText('Fix the marked errors before saving: nothing was saved.')).toBeTruthy();
    expect(api.saveConfigDraft).not.toHaveBeenCalled();
    // Choosing the issue puts the cursor on its key.
    fireEvent.click(screen.getByRole('button', { name: /columns\.Price/ }));
    expect(view.state.doc.lineAt(view.state.selection.main.head).number).toBe(line);
  });

  it('marks a syntax error where it is, in words', async () => {
    const { type } = await renderEditor();
    type('{\n  "title": "Products",\n}');
    const issue = await screen.findByRole('button', { name: /Line 2, column 22/ });
    expect(issue.textContent).toContain('Nothing follows this comma before }: remove it.');
    fireEvent.click(screen.getByRole('button', { name: 'Save to the draft' }));
    await screen.findByText('Fix the marked errors before saving: nothing was saved.');
    expect(api.checkConfigItem).not.toHaveBeenCalled();
    expect(api.saveConfigDraft).not.toHaveBeenCalled();
  });

  it('refuses to save what the server’s check refuses', async () => {
    const { content, type } = await renderEditor();
    type(withColour('#057e38'));
    await screen.findByText('No errors.');
    api.checkConfigItem.mockResolvedValue({
      Errors: [{ Path: 'screens.products.title', Message: 'is refused by the server' }],
    });
    fireEvent.keyDown(content, { key: 's', code: 'KeyS', keyCode: 83, ctrlKey: true });
    const issue = await screen.findByRole('button', { name: /is refused by the server/ });
    expect(within(issue).getByText('title')).toBeTruthy();
    expect(issue.textContent).toContain('Line 2, column 3');
    expect(api.saveConfigDraft).not.toHaveBeenCalled();
  });

  it('saves a valid value into the draft with Ctrl+S', async () => {
    const onSaved = vi.fn();
    const { content, type } = await renderEditor(onSaved);
    const text = withColour('#057e38');
    type(text);
    await screen.findByText('No errors.');
    const pressed = fireEvent.keyDown(content, { key: 's', code: 'KeyS', keyCode: 83, ctrlKey: true });
    expect(pressed).toBe(false);
    await screen.findByText('Saved to the draft.');
    expect(api.checkConfigItem).toHaveBeenCalledWith(['screens', 'products'], JSON.parse(text));
    expect(api.saveConfigDraft).toHaveBeenCalledWith({
      Item: ['screens', 'products'],
      Value: JSON.parse(text),
      Version: 3,
      Revision: 0,
    });
    expect(onSaved).toHaveBeenCalledWith(JSON.parse(text));
  });

  it('shows the server’s reason when the draft refuses the save', async () => {
    api.saveConfigDraft.mockRejectedValue({
      code: 2,
      msg: 'Administrator changed this item at 14:05 UTC on 2026-11-26; reload it to see their change before saving yours.',
    });
    const { type } = await renderEditor();
    type(withColour('#057e38'));
    await screen.findByText('No errors.');
    fireEvent.click(screen.getByRole('button', { name: 'Save to the draft' }));
    expect(await screen.findByText(/^Administrator changed this item at 14:05 UTC/)).toBeTruthy();
  });

  it('lets the keyboard leave: Tab is not taken, Escape moves to Save', async () => {
    const { content, view } = await renderEditor();
    view.focus();
    expect(fireEvent.keyDown(content, { key: 'Tab', code: 'Tab', keyCode: 9 })).toBe(true);
    expect(fireEvent.keyDown(content, { key: 'Escape', code: 'Escape', keyCode: 27 })).toBe(false);
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Save to the draft' }));
    expect(content.getAttribute('aria-describedby')).toBeTruthy();
    const help = document.getElementById(content.getAttribute('aria-describedby')?.split(' ')[0] ?? '');
    expect(help?.textContent).toBe('Tab or Escape leaves the editor; Ctrl+S saves into the draft.');
  });

  it('takes a value from outside while nothing is typed, and keeps what is typed', async () => {
    const { view, type, receive } = await renderEditor();
    const renamed = { ...PRODUCTS, title: 'Goods' };
    receive(renamed);
    await waitFor(() => expect(JSON.parse(view.state.doc.toString())).toEqual(renamed));
    const typed = JSON.stringify({ ...PRODUCTS, title: 'Wares' }, null, 2);
    type(typed);
    receive({ ...PRODUCTS, title: 'Articles' });
    await screen.findByText('No errors.');
    expect(view.state.doc.toString()).toBe(typed);
  });
});
