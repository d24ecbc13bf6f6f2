import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import Modal from 'react-bootstrap/Modal';
import { useTranslation } from 'react-i18next';
import { BASE_URL_OVERRIDE_KEY } from '../../api/api';
import { DEBUG_FLAG_KEY } from './console-guard';

/** Formats or minifies JSON text; says where it is broken. */
function JsonConverter() {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const [output, setOutput] = useState('');
  const [error, setError] = useState('');
  const convert = (indent: number | undefined) => {
    try {
      setOutput(JSON.stringify(JSON.parse(text), null, indent));
      setError('');
    } catch (problem) {
      setOutput('');
      setError((problem as Error).message);
    }
  };
  return (
    <section aria-labelledby="dev-json">
      <h2 id="dev-json" className="h6">
        {t('JSON converter')}
      </h2>
      <label htmlFor="dev-json-input" className="form-label small">
        {t('JSON text')}
      </label>
      <textarea
        id="dev-json-input"
        className="form-control font-monospace mb-2"
        rows={4}
        value={text}
        onChange={(e) => setText(e.target.value)}
      />
      <div className="d-flex gap-2 mb-2">
        <Button size="sm" onClick={() => convert(2)}>
          {t('Format')}
        </Button>
        <Button size="sm" variant="outline-primary" onClick={() => convert(undefined)}>
          {t('Minify')}
        </Button>
      </div>
      {error && (
        <p className="text-danger small" role="alert">
          {error}
        </p>
      )}
      {output && (
        <pre className="bg-body-tertiary p-2 small" data-testid="dev-json-output">
          {output}
        </pre>
      )}
    </section>
  );
}

/** Points this browser's API calls at another server (development builds only). */
function BaseUrlSimulator() {
  const { t } = useTranslation();
  const [value, setValue] = useState(localStorage.getItem(BASE_URL_OVERRIDE_KEY) ?? '');
  const save = () => {
    if (value.trim()) localStorage.setItem(BASE_URL_OVERRIDE_KEY, value.trim());
    else localStorage.removeItem(BASE_URL_OVERRIDE_KEY);
    window.location.reload();
  };
  return (
    <section aria-labelledby="dev-base-url" className="mt-3">
      <h2 id="dev-base-url" className="h6">
        {t('Base URL simulator')}
      </h2>
      <label htmlFor="dev-base-url-input" className="form-label small">
        {t('API base URL (empty for this site)')}
      </label>
      <div className="input-group input-group-sm">
        <input
          id="dev-base-url-input"
          className="form-control"
          value={value}
          onChange={(e) => setValue(e.target.value)}
        />
        <Button size="sm" onClick={save}>
          {t('Apply and reload')}
        </Button>
      </div>
    </section>
  );
}

/** The developer tools: JSON converter, base-URL simulator (development builds) and console logging. */
export default function DevToolsPanel({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const [logging, setLogging] = useState(localStorage.getItem(DEBUG_FLAG_KEY) === '1');
  const toggleLogging = (on: boolean) => {
    if (on) localStorage.setItem(DEBUG_FLAG_KEY, '1');
    else localStorage.removeItem(DEBUG_FLAG_KEY);
    setLogging(on);
  };
  return (
    <Modal show onHide={onClose} aria-labelledby="dev-tools-title">
      <Modal.Header closeButton closeLabel={t('Close')}>
        <Modal.Title id="dev-tools-title">{t('Developer tools')}</Modal.Title>
      </Modal.Header>
      <Modal.Body>
        <JsonConverter />
        {import.meta.env.DEV && <BaseUrlSimulator />}
        <div className="form-check form-switch mt-3">
          <input
            id="dev-logging"
            className="form-check-input"
            type="checkbox"
            role="switch"
            aria-checked={logging}
            checked={logging}
            onChange={(e) => toggleLogging(e.target.checked)}
          />
          <label className="form-check-label" htmlFor="dev-logging">
            {t('Debug mode everywhere (tools and console logging)')}
          </label>
        </div>
      </Modal.Body>
    </Modal>
  );
}
