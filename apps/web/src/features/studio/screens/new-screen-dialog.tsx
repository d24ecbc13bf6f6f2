import { UI_TYPES } from '@panelwright/contract/constants';
import { type FormEvent, type ReactNode, useId, useMemo, useState } from 'react';
import Modal from 'react-bootstrap/Modal';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { toast } from 'react-toastify';
import type { CallFailure } from '../../../api/client';
import {
  blankScreen,
  issuesByScreenField,
  parseRequestData,
  rolesOpeningByDefault,
  screenCodeProblem,
  textSaves,
  withScreenGrant,
} from '../../../engine/studio/screens';
import { DATA_TEXT } from '../../../i18n';
import { useStudioDraft } from '../draft';
import { useItemCheck } from './use-item-check';

/**
 * A screen made from nothing: its code, its title in each language, its address, what draws it and
 * the resource it reads. Checked as one types (the code here, the rest by the server's rules), saved
 * into the draft like every other change.
 */
export function NewScreenDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation(['studio', 'common']);
  const draft = useStudioDraft();
  const navigate = useNavigate();
  const id = useId();
  const [code, setCode] = useState('');
  const [title, setTitle] = useState('');
  const [titleVn, setTitleVn] = useState('');
  const [uiUrl, setUiUrl] = useState('');
  const [uiType, setUiType] = useState<(typeof UI_TYPES)[number]>('table');
  const [apiName, setApiName] = useState('');
  const [requestText, setRequestText] = useState('');
  // Who may open it: null until the creator picks, then the roles they ticked.
  const [openers, setOpeners] = useState<string[] | null>(null);
  const [touched, setTouched] = useState<Set<string>>(new Set());
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const codes = Object.keys(draft.document.screens);
  const apiNames = useMemo(
    () =>
      [...new Set(Object.values(draft.document.screens).map((screen) => screen.apiName))]
        .filter(Boolean)
        .sort(),
    [draft.document.screens],
  );
  const requestData = parseRequestData(requestText);
  const roles = Object.entries(draft.document.roles).filter(([, role]) => !role.isAdmin);
  const opening = openers ?? rolesOpeningByDefault(draft.document.roles, apiName);
  const screen = blankScreen({
    title,
    uiUrl,
    uiType,
    apiName,
    requestData: 'value' in requestData ? requestData.value : {},
  });
  const codeProblem = screenCodeProblem(code, codes);
  const serverIssues = useItemCheck(['screens', codeProblem ? 'new' : code], screen);
  const byField = issuesByScreenField(codeProblem ? 'new' : code, serverIssues ?? []);
  const addressTaken = Object.entries(draft.document.screens).some(
    ([, other]) => uiUrl !== '' && other.uiUrl === uiUrl,
  );
  const problems: Record<string, string | null> = {
    code: codeProblem ? t(codeProblem) : null,
    title: title.trim() === '' ? t('Give the screen a title.') : (byField.title ?? null),
    uiUrl: addressTaken ? t('Another screen opens at this address.') : (byField.uiUrl ?? null),
    uiType: byField.uiType ?? byField.screenConfig ?? byField.config ?? null,
    apiName: byField.apiName ?? null,
    requestData: 'problem' in requestData ? t(requestData.problem) : (byField.requestData ?? null),
  };
  const blocked = serverIssues === null || Object.values(problems).some(Boolean);
  const shown = (field: string) => (touched.has(field) ? problems[field] : null);
  const touch = (field: string) => setTouched((before) => new Set(before).add(field));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setTouched(new Set(Object.keys(problems)));
    if (blocked) return;
    setBusy(true);
    try {
      for (const save of textSaves('vn', code, {}, { [title.trim()]: titleVn })) {
        await draft.save(save.item, save.value);
      }
      for (const role of opening) {
        const current = draft.document.roles[role];
        if (current) await draft.save(['roles', role], withScreenGrant(current, code));
      }
      await draft.save(['screens', code], { ...screen, title: title.trim() });
      toast.success(t('Saved to the draft.'));
      onClose();
      navigate(`/studio/screens/${code}`);
    } catch (caught) {
      setFailure((caught as CallFailure).description || (caught as CallFailure).msg);
      setBusy(false);
    }
  };

  const field = (name: string, label: string, control: (props: FieldProps) => ReactNode, hint?: string) => {
    const problem = shown(name);
    const controlId = `${id}-field-${name}`;
    return (
      <div className="mb-3">
        <label className="form-label" htmlFor={controlId}>
          {label}
        </label>
        {control({
          id: controlId,
          invalid: Boolean(problem),
          describedBy: [hint && `${controlId}-hint`, problem && `${controlId}-problem`]
            .filter(Boolean)
            .join(' '),
          onBlur: () => touch(name),
        })}
        {problem && (
          <div id={`${controlId}-problem`} className="invalid-feedback d-block">
            {problem}
          </div>
        )}
        {hint && (
          <div id={`${controlId}-hint`} className="form-text">
            {hint}
          </div>
        )}
      </div>
    );
  };

  return (
    <Modal show onHide={onClose} centered size="lg" aria-labelledby={`${id}-title`}>
      <form onSubmit={submit} noValidate>
        <Modal.Header closeButton closeLabel={t('Close')}>
          <Modal.Title id={`${id}-title`} as="h2" className="h5">
            {t('New screen')}
          </Modal.Title>
        </Modal.Header>
        <Modal.Body>
          {failure && (
            <div className="alert alert-danger py-2" role="alert">
              {failure}
            </div>
          )}
          <div className="row g-3">
            <div className="col-md-6">
              {field(
                'code',
                t('Code'),
                (props) => (
                  <input
                    {...inputProps(props)}
                    className={`form-control font-monospace${props.invalid ? ' is-invalid' : ''}`}
                    value={code}
                    onChange={(event) => {
                      setCode(event.target.value.trim());
                      touch('code');
                    }}
                  />
                ),
                t('Names the screen in the configuration and its texts; letters, digits, - or _.'),
              )}
            </div>
            <div className="col-md-6">
              {field(
                'uiType',
                t('Kind of screen'),
                (props) => (
                  <select
                    {...inputProps(props)}
                    className={`form-select${props.invalid ? ' is-invalid' : ''}`}
                    value={uiType}
                    onChange={(event) => setUiType(event.target.value as (typeof UI_TYPES)[number])}
                  >
                    {UI_TYPES.filter((type) => type !== '').map((type) => (
                      <option key={type} value={type}>
                        {type}
                      </option>
                    ))}
                  </select>
                ),
                t('What draws it: a table, tabs, a dashboard, a chart, a form…'),
              )}
            </div>
            <div className="col-md-6">
              {field('title', t('Title in English'), (props) => (
                <input
                  {...inputProps(props)}
                  className={`form-control${props.invalid ? ' is-invalid' : ''}`}
                  value={title}
                  maxLength={200}
                  onChange={(event) => setTitle(event.target.value)}
                />
              ))}
            </div>
            <div className="col-md-6">
              {field(
                'titleVn',
                t('Title in Vietnamese'),
                (props) => (
                  <input
                    {...inputProps(props)}
                    lang="vi"
                    className="form-control"
                    value={titleVn}
                    maxLength={200}
                    onChange={(event) => setTitleVn(event.target.value)}
                  />
                ),
                t('Empty: Vietnamese users see the English title.'),
              )}
            </div>
            <div className="col-md-6">
              {field(
                'uiUrl',
                t('Address'),
                (props) => (
                  <input
                    {...inputProps(props)}
                    className={`form-control font-monospace${props.invalid ? ' is-invalid' : ''}`}
                    value={uiUrl}
                    placeholder="/suppliers/[id]"
                    onChange={(event) => setUiUrl(event.target.value.trim())}
                  />
                ),
                t(
                  'Where it opens, such as /suppliers; a part in brackets, /suppliers/[id], takes a value from the address. Empty: a part of another screen.',
                ),
              )}
            </div>
            <div className="col-md-6">
              {field(
                'apiName',
                t('Resource (API name)'),
                (props) => (
                  <>
                    <input
                      {...inputProps(props)}
                      className={`form-control font-monospace${props.invalid ? ' is-invalid' : ''}`}
                      value={apiName}
                      list={`${id}-apis`}
                      placeholder="Product"
                      onChange={(event) => setApiName(event.target.value.trim())}
                    />
                    <datalist id={`${id}-apis`}>
                      {apiNames.map((name) => (
                        <option key={name} value={name} />
                      ))}
                    </datalist>
                  </>
                ),
                t('The resource whose rows it reads and changes; empty for a screen without data.'),
              )}
            </div>
            <div className="col-12">
              {field(
                'requestData',
                t('Request data'),
                (props) => (
                  <textarea
                    {...inputProps(props)}
                    className={`form-control font-monospace${props.invalid ? ' is-invalid' : ''}`}
                    rows={3}
                    value={requestText}
                    placeholder='{"Status": 1}'
                    onChange={(event) => {
                      setRequestText(event.target.value);
                      touch('requestData');
                    }}
                  />
                ),
                t('Values sent with every call the screen makes, as a JSON object.'),
              )}
            </div>
            {roles.length > 0 && (
              <fieldset className="col-12" aria-describedby={`${id}-roles-hint`}>
                <legend className="form-label fs-6 mb-1">{t('Who may open it')}</legend>
                <div className="d-flex flex-wrap gap-3">
                  {roles.map(([role, entry]) => (
                    <div key={role} className="form-check">
                      <input
                        id={`${id}-role-${role}`}
                        className="form-check-input"
                        type="checkbox"
                        checked={opening.includes(role)}
                        onChange={(event) =>
                          setOpeners(
                            event.target.checked
                              ? [...opening, role]
                              : opening.filter((other) => other !== role),
                          )
                        }
                      />
                      <label className="form-check-label" htmlFor={`${id}-role-${role}`} {...DATA_TEXT}>
                        {entry.name}
                      </label>
                    </div>
                  ))}
                </div>
                <div id={`${id}-roles-hint`} className="form-text">
                  {t(
                    'Administrators open every screen; the roles ticked here are granted this one in the draft.',
                  )}
                </div>
              </fieldset>
            )}
          </div>
        </Modal.Body>
        <Modal.Footer>
          <button type="button" className="btn btn-outline-secondary" onClick={onClose}>
            {t('Cancel')}
          </button>
          <button type="submit" className="btn btn-primary" disabled={busy}>
            {t('Create the screen')}
          </button>
        </Modal.Footer>
      </form>
    </Modal>
  );
}

type FieldProps = { id: string; invalid: boolean; describedBy: string; onBlur: () => void };

const inputProps = ({ id, invalid, describedBy, onBlur }: FieldProps) => ({
  id,
  'aria-invalid': invalid || undefined,
  'aria-describedby': describedBy || undefined,
  onBlur,
});
