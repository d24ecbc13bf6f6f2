import type { ConfigScreen } from '@panelwright/contract';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PREVIEW_FRAME_PREFIX } from '../../../api/preview';
import { addressParams, fillAddress } from '../../../engine/studio/screens';
import { useStudioDraft } from '../draft';

const WIDTHS = [
  { width: 390, height: 780, label: 'Phone (390 px)' },
  { width: 1440, height: 900, label: 'Desktop (1440 px)' },
] as const;

/**
 * The screen as a role sees it with the draft published: the product itself in a frame that sends
 * every call as a preview of that role (the server serves the draft and refuses every change).
 */
export function ScreenPreview({
  code,
  screen,
  unsaved,
}: {
  code: string;
  screen: ConfigScreen;
  unsaved: boolean;
}) {
  const { t } = useTranslation(['studio', 'common']);
  const draft = useStudioDraft();
  const id = useId();
  const roles = Object.keys(draft.document.roles).sort();
  const [role, setRole] = useState(() => (roles.includes('viewer') ? 'viewer' : (roles[0] ?? '')));
  const [size, setSize] = useState<(typeof WIDTHS)[number]>(WIDTHS[0]);
  // Values for the address's [param] parts, as a link to the screen would give them.
  const [params, setParams] = useState<Record<string, string>>({});
  const box = useRef<HTMLDivElement>(null);
  const [scale, setScale] = useState(1);
  useEffect(() => {
    const element = box.current;
    if (!element) return;
    const fit = () => setScale(Math.min(1, element.clientWidth / size.width));
    fit();
    const observer = new ResizeObserver(fit);
    observer.observe(element);
    return () => observer.disconnect();
  }, [size.width]);
  // A new state of the draft loads the frame again.
  const draftKey = draft.items.map((item) => `${item.Item.join('/')}@${item.Revision}`).join('|');
  if (!screen.uiUrl) {
    return (
      <p className="text-secondary">
        {t('This screen has no address of its own: preview the screen it is a part of.')}
      </p>
    );
  }
  return (
    <div className="studio-preview">
      <div className="studio-preview-toolbar">
        <label className="form-label mb-0" htmlFor={`${id}-role`}>
          {t('As the role')}
        </label>
        <select
          id={`${id}-role`}
          className="form-select form-select-sm w-auto"
          value={role}
          onChange={(event) => setRole(event.target.value)}
        >
          {roles.map((code) => (
            <option key={code} value={code}>
              {draft.document.roles[code]?.name ?? code}
            </option>
          ))}
        </select>
        {addressParams(screen.uiUrl).map((name) => (
          <input
            key={name}
            className="form-control form-control-sm w-auto font-monospace"
            size={8}
            aria-label={t('Value of [{{name}}] in the address', { name })}
            placeholder={`[${name}]`}
            value={params[name] ?? ''}
            onChange={(event) => setParams({ ...params, [name]: event.target.value })}
          />
        ))}
        <fieldset className="btn-group btn-group-sm">
          <legend className="visually-hidden">{t('Width')}</legend>
          {WIDTHS.map((option) => (
            <button
              key={option.width}
              type="button"
              className={`btn ${option.width === size.width ? 'btn-secondary' : 'btn-outline-secondary'}`}
              aria-pressed={option.width === size.width}
              onClick={() => setSize(option)}
            >
              {t(option.label)}
            </button>
          ))}
        </fieldset>
      </div>
      {unsaved && (
        <p className="small text-warning-emphasis mb-2">
          {t('Save to the draft to see your latest changes here.')}
        </p>
      )}
      <div ref={box} className="studio-preview-box" style={{ height: size.height * scale }}>
        <iframe
          key={`${role}:${size.width}:${draftKey}:${JSON.stringify(params)}`}
          title={t('Preview of {{screen}} as {{role}}', { screen: screen.title, role })}
          name={`${PREVIEW_FRAME_PREFIX}${role}`}
          src={fillAddress(screen.uiUrl, params)}
          width={size.width}
          height={size.height}
          data-screen={code}
          style={{ transform: `scale(${scale})` }}
        />
      </div>
    </div>
  );
}
