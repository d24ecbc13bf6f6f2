import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import '../../testing/i18n';
import { installScreenRenderer } from '../embedded-screen/embedded-screen';
import { useMaster } from './master-context';
import { useModalControls } from './modal-context';
import ModalHost from './modal-host';
import {
  confirmDialog,
  openLightbox,
  openModal,
  registerModalComponent,
  showGlobalLoading,
  useModalStore,
} from './modal-store';

beforeEach(() => useModalStore.setState({ modals: [] }));
afterEach(cleanup);

function Closer() {
  const modal = useModalControls();
  const master = useMaster();
  return (
    <>
      <button type="button" onClick={() => modal?.close('done')}>
        Finish
      </button>
      <button type="button" onClick={() => master?.reloadMaster()}>
        Reload opener
      </button>
    </>
  );
}

describe('the modal host', () => {
  it('shows a component modal with its title, gives it ModalContext, and hands its result to the opener', async () => {
    render(<ModalHost />);
    const reloadOpener = vi.fn();
    let result: Promise<unknown> = Promise.resolve();
    act(() => {
      result = openModal({ type: 'component', title: 'Edit it', render: () => <Closer />, reloadOpener });
    });
    const dialog = screen.getByRole('dialog', { name: 'Edit it' });
    expect(dialog.querySelector('.modal-dialog')?.className).toContain('modal-lg');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Reload opener' }));
    expect(reloadOpener).toHaveBeenCalled();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Finish' }));
    await expect(result).resolves.toBe('done');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('sizes: lg by default, xm the medium width, full the whole screen', () => {
    render(<ModalHost />);
    act(() => {
      void openModal({ type: 'component', size: 'xm', title: 'A', render: () => 'a' });
      void openModal({ type: 'component', size: 'full', title: 'B', render: () => 'b' });
    });
    const [xm, full] = screen.getAllByRole('dialog');
    expect(xm?.querySelector('.modal-dialog')?.className).not.toMatch(/modal-(lg|xl|sm)/);
    expect(full?.querySelector('.modal-dialog')?.className).toContain('modal-fullscreen');
  });

  it('confirm dialogs resolve true only after OK, with the default title Confirm', async () => {
    render(<ModalHost />);
    let answer: Promise<boolean> = Promise.resolve(false);
    act(() => {
      answer = confirmDialog({ message: 'Delete it?' });
    });
    const dialog = screen.getByRole('dialog', { name: 'Confirm' });
    expect(dialog.textContent).toContain('Delete it?');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await expect(answer).resolves.toBe(false);
    act(() => {
      answer = confirmDialog({ title: 'Sure', message: 'Go?' });
    });
    await userEvent.click(
      within(screen.getByRole('dialog', { name: 'Sure' })).getByRole('button', { name: 'OK' }),
    );
    await expect(answer).resolves.toBe(true);
  });

  it('renders registered components, and screens (myform, mypage, myui) through the installed renderer', () => {
    registerModalComponent('hello', ({ data, config }) => (
      <p>
        Hello {String(data.Name)} {String(config.mark)}
      </p>
    ));
    installScreenRenderer(({ screen: s }) => <p>screen {s.pageType}</p>);
    render(<ModalHost />);
    act(() => {
      void openModal({
        type: 'component',
        title: 'C',
        component: 'hello',
        data: { Name: 'Lamp' },
        config: { mark: '!' },
      });
      void openModal({
        type: 'myform',
        title: 'F',
        screen: {
          id: '',
          screenCode: '',
          title: '',
          apiName: 'X',
          apiMethod: 'List',
          uiType: 'myform',
          pageType: 'myform',
          config: {},
          requestData: {},
          contents: [],
        },
      });
    });
    expect(screen.getByRole('dialog', { name: 'C' }).textContent).toContain('Hello Lamp !');
    expect(screen.getByRole('dialog', { name: 'F' }).textContent).toContain('screen myform');
  });

  it('global loading covers the page until hidden', () => {
    render(<ModalHost />);
    let hide = () => {};
    act(() => {
      hide = showGlobalLoading();
    });
    expect(screen.getByRole('dialog', { name: 'Loading' })).toBeTruthy();
    act(() => hide());
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});

describe('the lightbox', () => {
  const image = () => screen.getByRole('img') as HTMLImageElement;

  it('zooms by 0.3, x4 on double-click, pans 20 px with the arrows, rotates 90, wraps next and previous', async () => {
    render(<ModalHost />);
    act(() => {
      void openLightbox(['/a.png', '/b.png', '/c.png'], 2);
    });
    expect(image().getAttribute('src')).toBe('/c.png');
    await userEvent.click(screen.getByRole('button', { name: 'Zoom in' }));
    expect(image().dataset.zoom).toBe('1.3');
    await userEvent.click(screen.getByRole('button', { name: 'Zoom out' }));
    await userEvent.click(screen.getByRole('button', { name: 'Zoom out' }));
    expect(image().dataset.zoom).toBe('0.7');
    await userEvent.click(screen.getByRole('button', { name: 'Reset' }));
    fireEvent.doubleClick(image());
    expect(image().dataset.zoom).toBe('4');
    fireEvent.keyDown(image(), { key: 'ArrowLeft' });
    fireEvent.keyDown(image(), { key: 'ArrowDown' });
    expect(image().dataset.offset).toBe('-20,20');
    await userEvent.click(screen.getByRole('button', { name: 'Rotate right' }));
    expect(image().dataset.rotation).toBe('90');
    expect(image().style.transform).toBe('translate(-20px, 20px) rotate(90deg) scale(4)');
    await userEvent.click(screen.getByRole('button', { name: 'Next image' }));
    expect(image().getAttribute('src')).toBe('/a.png');
    expect(image().dataset.zoom).toBe('1');
    await userEvent.click(screen.getByRole('button', { name: 'Previous image' }));
    expect(image().getAttribute('src')).toBe('/c.png');
    expect(screen.getByText('Image 3 of 3')).toBeTruthy();
  });

  it('Escape first resets a transformed image, then closes', async () => {
    render(<ModalHost />);
    let closed: Promise<unknown> = Promise.resolve();
    act(() => {
      closed = openLightbox(['/a.png']);
    });
    await userEvent.click(screen.getByRole('button', { name: 'Zoom in' }));
    fireEvent.keyDown(image(), { key: 'Escape' });
    expect(image().dataset.zoom).toBe('1');
    expect(screen.getByRole('dialog')).toBeTruthy();
    fireEvent.keyDown(image(), { key: 'Escape' });
    await closed;
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('asks "Discard your changes?" before Escape, the close button or Cancel throw typed changes away', async () => {
    function Editor() {
      const modal = useModalControls();
      return (
        <>
          <input aria-label="Name" onChange={(e) => modal?.setUnsaved?.('form', e.target.value !== '')} />
          <button type="button" onClick={() => modal?.dismiss?.()}>
            Cancel edit
          </button>
        </>
      );
    }
    render(<ModalHost />);
    let result: Promise<unknown> = Promise.resolve();
    act(() => {
      result = openModal({ type: 'component', title: 'Add', render: () => <Editor /> });
    });
    const dialog = screen.getByRole('dialog', { name: 'Add' });
    await userEvent.type(within(dialog).getByLabelText('Name'), 'typed');
    fireEvent.keyDown(dialog, { key: 'Escape', code: 'Escape' });
    const ask = await screen.findByRole('dialog', { name: 'Unsaved changes' });
    expect(within(ask).getByText('Discard your changes?')).toBeTruthy();
    await userEvent.click(within(ask).getByRole('button', { name: 'Keep editing' }));
    expect(screen.getByRole('dialog', { name: 'Add' })).toBeTruthy();
    expect((within(dialog).getByLabelText('Name') as HTMLInputElement).value).toBe('typed');

    await userEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    await userEvent.click(
      within(await screen.findByRole('dialog', { name: 'Unsaved changes' })).getByRole('button', {
        name: 'Keep editing',
      }),
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel edit' }));
    await userEvent.click(
      within(await screen.findByRole('dialog', { name: 'Unsaved changes' })).getByRole('button', {
        name: 'Discard',
      }),
    );
    await expect(result).resolves.toBeUndefined();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('closes at once when nothing was typed', async () => {
    render(<ModalHost />);
    act(() => {
      void openModal({ type: 'component', title: 'Look', render: () => 'nothing to lose' });
    });
    await userEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
