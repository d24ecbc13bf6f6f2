import { type ReactNode, useState } from 'react';
import { Link, useParams } from 'react-router';
import { LoadingScreen } from '../../components/loading-screen';
import MessageDialog from '../../components/message-dialog';
import { notify } from '../../components/notify';
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

const PAGES: Record<string, { title: string; render: () => ReactNode }> = {
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

function ScreenLists() {
  const publicScreens = useAppStore((s) => s.dataFirstSetting?.PublicApiScreenList ?? []);
  const privateScreens = useScreensStore((s) => s.privateScreens);
  return <Json value={{ publicScreens, privateScreens }} />;
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
  const entry = PAGES[name];
  return (
    <section className="container-fluid py-3">
      <h1 className="h4">Developer page: {entry?.title ?? name}</h1>
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
