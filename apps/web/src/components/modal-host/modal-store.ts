import type { ComponentType, ReactNode } from 'react';
import { create } from 'zustand';
import type { ModalSize, ModalType } from '../../engine/columns';
import { i18n } from '../../i18n';
import { DISCARD_CHANGES_QUESTION } from '../../state/unsaved-changes';
import type { EmbeddedScreenDescriptor } from '../embedded-screen/embedded-screen';

/** What a registered modal component receives (`modal.type: 'component'` with `config.name`). */
export type ModalComponentProps = {
  /** The modal's `config`. */
  config: Record<string, unknown>;
  /** The row (or `Data.Config.FormData` of an api check) the modal was opened for. */
  data: Record<string, unknown>;
  close(result?: unknown): void;
};

/** A modal to show; `type` is one of the modal types of part 2 section 2. */
export type ModalSpec = {
  type: ModalType;
  /** lg by default. */
  size?: ModalSize;
  title?: string;
  /** `component` and `cellinmodal`: what the modal shows. */
  render?: () => ReactNode;
  /** `component`: a registered component, when no `render` is given. */
  component?: string;
  config?: Record<string, unknown>;
  data?: Record<string, unknown>;
  /** `myui`, `myform`, `mypage`: the screen the modal renders. */
  screen?: EmbeddedScreenDescriptor;
  params?: Record<string, string>;
  /** `lightbox`: the images and the one shown first. */
  images?: string[];
  index?: number;
  /** `lightbox`: a name per image (file names), shown with it and read as its text alternative. */
  names?: string[];
  /** `mydialog`: the message, and whether it asks (OK and Cancel) or tells (OK). */
  message?: string;
  ask?: boolean;
  /** `mydialog` that asks: the (translated) texts of its two buttons (OK and Cancel by default). */
  okText?: string;
  cancelText?: string;
  /** `mydialog` that asks: the OK button is red (a deletion, something that cannot be undone). */
  danger?: boolean;
  /** Called by contents that ask for the opener's table to reload (`needReloadMaster`). */
  reloadOpener?: () => void;
};

export type OpenModal = ModalSpec & { id: number; resolve: (result: unknown) => void };

type ModalState = { modals: OpenModal[] };

export const useModalStore = create<ModalState>(() => ({ modals: [] }));

let nextId = 1;

/**
 * Opens a modal on top of the others. The promise settles with what the content passed to
 * `close(result)` (undefined when dismissed).
 */
export function openModal(spec: ModalSpec): Promise<unknown> {
  return new Promise((resolve) => {
    const id = nextId++;
    useModalStore.setState((state) => ({ modals: [...state.modals, { ...spec, id, resolve }] }));
  });
}

/** Closes a modal, handing `result` to its opener. */
export function closeModal(id: number, result?: unknown): void {
  const modal = useModalStore.getState().modals.find((item) => item.id === id);
  if (!modal) return;
  useModalStore.setState((state) => ({ modals: state.modals.filter((item) => item.id !== id) }));
  modal.resolve(result);
}

/** Confirm title when none is given (part 2 section 9). */
export const DEFAULT_CONFIRM_DIALOG_TITLE = 'Confirm';

/** The confirmation dialog: resolves true only after OK (or `okText`, when given). */
export async function confirmDialog(options: {
  title?: string;
  message: string;
  okText?: string;
  cancelText?: string;
  danger?: boolean;
}): Promise<boolean> {
  const result = await openModal({
    type: 'mydialog',
    size: 'xm',
    title: options.title || DEFAULT_CONFIRM_DIALOG_TITLE,
    message: options.message,
    ask: true,
    okText: options.okText,
    cancelText: options.cancelText,
    danger: options.danger,
  });
  return result === true;
}

/**
 * Asks whether typed changes may be thrown away ("Discard your changes?"); true when the user
 * chose to discard them.
 */
export function confirmDiscardChanges(): Promise<boolean> {
  const t = (text: string) => i18n.t(text, { ns: 'common' });
  return confirmDialog({
    title: t('Unsaved changes'),
    message: t(DISCARD_CHANGES_QUESTION),
    okText: t('Discard'),
    cancelText: t('Keep editing'),
  });
}

/**
 * Opens the lightbox on `images`, starting at `index`: the one image viewer of the product, for
 * table photos and the file manager alike. `names` (optional) name each image.
 */
export function openLightbox(
  images: readonly string[],
  index = 0,
  names?: readonly string[],
): Promise<unknown> {
  if (images.length === 0) return Promise.resolve(undefined);
  return openModal({
    type: 'lightbox',
    size: 'full',
    images: [...images],
    index,
    ...(names ? { names: [...names] } : {}),
  });
}

/** Covers the page with the global loading dialog until the returned function is called. */
export function showGlobalLoading(): () => void {
  const before = new Set(useModalStore.getState().modals.map((modal) => modal.id));
  void openModal({ type: 'globalloading' });
  const opened = useModalStore.getState().modals.find((modal) => !before.has(modal.id));
  return () => {
    if (opened) closeModal(opened.id);
  };
}

const components = new Map<string, ComponentType<ModalComponentProps>>();

/** Registers a component that `component` modals may name (`modal.config.name`). */
export function registerModalComponent(name: string, component: ComponentType<ModalComponentProps>): void {
  components.set(name, component);
}

export function modalComponent(name: string | undefined): ComponentType<ModalComponentProps> | undefined {
  return name ? components.get(name) : undefined;
}
