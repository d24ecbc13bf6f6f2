import { APP_DEFAULTS } from '@panelwright/contract/constants';
import { type ReactNode, useEffect, useState } from 'react';
import { Link, useParams } from 'react-router';
import { apiBaseUrl } from '../../api/api';
import { DatePicker } from '../../components/date-picker/date-picker';
import { ErrorScreen } from '../../components/error-screen';
import { LoadingScreen } from '../../components/loading-screen';
import MessageDialog from '../../components/message-dialog';
import { openLightbox } from '../../components/modal-host/modal-store';
import { notify } from '../../components/notify';
import { NumberInput } from '../../components/number-input/number-input';
import { useWindowWidth } from '../../components/use-window-width';
import { pageTypeOf } from '../../engine/screens';
import { ScreenRenderer } from '../../renderers/screen-renderer';
import { useAppStore } from '../../state/app-store';
import { useScreensStore } from '../../state/screens';

// Developer pages exist only in development builds (the router leaves them out of production), so
// their texts are for developers and not translated.

function Json({ value }: { value: unknown }) {
  return <pre className="bg-body-tertiary p-2 small">{JSON.stringify(value, null, 2)}</pre>;
}

function sample(pageType: string, config: Record<string, unknown>) {
  return (
    <ScreenRenderer
      screen={{
        id: `dev-${pageType}`,
        screenCode: `dev_${pageType}`,
        title: pageType,
        apiName: '',
        apiMethod: 'List',
        uiType: pageType,
        pageType: pageTypeOf(pageType),
        config,
        requestData: {},
        contents: [],
      }}
      params={{}}
      embedded
    />
  );
}

/** Every page of part 1 section 2's list, each with its own demo (an unknown name lists them). */
export const PAGES: Record<string, { title: string; render: () => ReactNode }> = {
  '1': { title: 'Build and environment', render: () => <BuildInfo /> },
  other: { title: 'Other inputs', render: () => <OtherInputs /> },
  hook: { title: 'Hooks', render: () => <HookDemo /> },
  customhook: { title: 'Custom hook', render: () => <CustomHookDemo /> },
  mybase: { title: 'Base components', render: () => <BaseComponents /> },
  myform_localstorage: { title: 'Form kept in local storage', render: () => <StoredForm /> },
  'mylib/lightbox': { title: 'Library: lightbox', render: () => <LightboxDemo /> },
  'mylib/datepicker': { title: 'Library: date picker', render: () => <DatePickerDemo /> },
  categorylist: {
    title: 'Screen lists',
    render: () => <ScreenLists />,
  },
  common_config: { title: 'First settings', render: () => <FirstSettings /> },
  notification: { title: 'Toast kinds', render: () => <ToastKinds /> },
  resize: { title: 'Window width (debounced 300 ms)', render: () => <Width /> },
  myloading: { title: 'Loading screen', render: () => <LoadingScreen /> },
  mymodal: { title: 'Dialog', render: () => <DialogDemo /> },
  mypage: {
    title: 'Content page renderer',
    render: () => sample('mypage', { html: '<p>Hello from <b>mypage</b>.</p>' }),
  },
  myform: {
    title: 'Form renderer',
    render: () =>
      sample('myform', { controls: [{ fieldName: 'Name', label: 'Name', type: 'text', required: true }] }),
  },
};

function BuildInfo() {
  return (
    <Json
      value={{
        adminVersion: APP_DEFAULTS.adminVersion,
        buildVersion: APP_DEFAULTS.buildVersion,
        buildDate: APP_DEFAULTS.buildDate,
        mode: import.meta.env.MODE,
        apiBaseUrl: apiBaseUrl() || window.location.origin,
        debugFlag: localStorage.getItem('DebugMode'),
      }}
    />
  );
}

function OtherInputs() {
  const [number, setNumber] = useState('');
  return (
    <div style={{ maxWidth: 320 }}>
      <label htmlFor="dev-number" className="form-label">
        Number (decimal comma, thousand dot)
      </label>
      <NumberInput
        id="dev-number"
        className="form-control"
        value=""
        onReadingChange={(reading, text) =>
          setNumber(reading.ok ? String(reading.value) : `${text}: not a number`)
        }
      />
      <p className="small text-secondary mt-1">Read: {number || '–'}</p>
    </div>
  );
}

/** The product's own hooks: the window width, debounced at 300 ms. */
function HookDemo() {
  const width = useWindowWidth();
  const [renders, setRenders] = useState(0);
  // biome-ignore lint/correctness/useExhaustiveDependencies: counts the renders the width causes
  useEffect(() => setRenders((n) => n + 1), [width]);
  return (
    <p>
      useWindowWidth: <strong>{width} px</strong>, {renders} update(s) so far.
    </p>
  );
}

/** A custom hook: a value kept in local storage under a key, shared by every tab. */
function useStoredValue(key: string): [string, (value: string) => void] {
  const [value, setValue] = useState(() => localStorage.getItem(key) ?? '');
  useEffect(() => {
    const onStorage = (event: StorageEvent) => {
      if (event.key === key) setValue(event.newValue ?? '');
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, [key]);
  return [
    value,
    (next) => {
      localStorage.setItem(key, next);
      setValue(next);
    },
  ];
}

function CustomHookDemo() {
  const [count, setCount] = useStoredValue('dev-customhook-count');
  return (
    <button
      type="button"
      className="btn btn-outline-primary btn-sm"
      onClick={() => setCount(String(Number(count) + 1))}
    >
      useStoredValue: clicked {Number(count)} time(s)
    </button>
  );
}

function BaseComponents() {
  return (
    <div className="d-flex flex-column gap-3">
      <div className="d-flex flex-wrap gap-2">
        <button type="button" className="btn btn-primary btn-sm">
          Primary
        </button>
        <button type="button" className="btn btn-outline-secondary btn-sm">
          Secondary
        </button>
        <span className="badge text-bg-success">Badge</span>
        <span className="spinner-border spinner-border-sm text-primary" role="status" aria-label="Loading" />
      </div>
      <ErrorScreen error={new Error('A sample error')} onTryAgain={() => notify('[Info] Try again')} />
    </div>
  );
}

function StoredForm() {
  const [name, setName] = useStoredValue('dev-form-name');
  const [note, setNote] = useStoredValue('dev-form-note');
  return (
    <form style={{ maxWidth: 420 }} onSubmit={(event) => event.preventDefault()}>
      <p className="small text-secondary">
        What is typed here is kept in local storage and survives a reload.
      </p>
      <label htmlFor="dev-form-name" className="form-label">
        Name
      </label>
      <input
        id="dev-form-name"
        className="form-control mb-2"
        value={name}
        onChange={(e) => setName(e.currentTarget.value)}
      />
      <label htmlFor="dev-form-note" className="form-label">
        Note
      </label>
      <textarea
        id="dev-form-note"
        className="form-control"
        value={note}
        onChange={(e) => setNote(e.currentTarget.value)}
      />
    </form>
  );
}

function LightboxDemo() {
  return (
    <button
      type="button"
      className="btn btn-outline-primary btn-sm"
      onClick={() => void openLightbox(['/config/logo.png', '/favicon.svg'], 0, ['logo.png', 'favicon.svg'])}
    >
      Open the lightbox
    </button>
  );
}

function DatePickerDemo() {
  const [picked, setPicked] = useState('');
  return (
    <div style={{ maxWidth: 320 }}>
      <label htmlFor="dev-date" className="form-label">
        Date (d/m/Y)
      </label>
      <DatePicker id="dev-date" className="form-control" onPickerClose={({ text }) => setPicked(text)} />
      <p className="small text-secondary mt-1">Picked: {picked || '–'}</p>
    </div>
  );
}

function ScreenLists() {
  // Selected as stored: a fresh [] from a selector would render for ever.
  const publicScreens = useAppStore((s) => s.dataFirstSetting?.PublicApiScreenList);
  const privateScreens = useScreensStore((s) => s.privateScreens);
  return <Json value={{ publicScreens: publicScreens ?? [], privateScreens }} />;
}

function FirstSettings() {
  return <Json value={useAppStore((s) => s.dataFirstSetting)} />;
}

function Width() {
  return <p className="display-6">{useWindowWidth()} px</p>;
}

function ToastKinds() {
  const [sent, setSent] = useState('');
  return (
    <div className="d-flex flex-wrap gap-2">
      {['[Info] info', '[Success] success', '[Warning] warning', '[Error] error', '[Alert] alert dialog'].map(
        (text) => (
          <button
            key={text}
            type="button"
            className="btn btn-outline-secondary btn-sm"
            onClick={() => {
              notify(text);
              setSent(text);
            }}
          >
            {text}
          </button>
        ),
      )}
      {sent && <span className="small text-secondary">{sent}</span>}
    </div>
  );
}

function DialogDemo() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" className="btn btn-primary btn-sm" onClick={() => setOpen(true)}>
        Open dialog
      </button>
      {open && (
        <MessageDialog title="Dialog" text="A dialog traps the focus." onClose={() => setOpen(false)} />
      )}
    </>
  );
}

/** /dev/:page — tools for developers, local development only. */
export function DevPage() {
  const { '*': rest, page = '1' } = useParams();
  const name = rest ? `${page}/${rest}` : page;
  // /dev/mylib alone opens the first library demo.
  const entry = PAGES[name] ?? (name === 'mylib' ? PAGES['mylib/lightbox'] : undefined);
  return (
    <section className="container-fluid py-3">
      <h1 className="h4">{entry ? `Developer page: ${entry.title}` : `No developer page named ${name}`}</h1>
      {entry ? (
        entry.render()
      ) : (
        <ul>
          {Object.entries(PAGES).map(([key, value]) => (
            <li key={key}>
              <Link to={`/dev/${key}`}>{value.title}</Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
