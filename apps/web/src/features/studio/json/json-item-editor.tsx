import { useCallback, useEffect, useId, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isCallFailure } from '../../../api/client';
import { type ConfigIssue, checkConfigItem } from '../../../api/configuration';
import { parseJsonText, sameJsonValue } from '../../../engine/config-json/json-text';
import {
  lineAndColumn,
  locateJsonPath,
  pathWithinItem,
  splitDottedPath,
} from '../../../engine/config-json/paths';
import { DATA_TEXT } from '../../../i18n';
import { useStudioDraft } from '../draft';
import type { JsonCodeEditor, RuleIssue } from './json-code';

// CodeMirror and the contract's schemas load with the first JSON view, not with the studio.
const loadCode = () => import('./json-code');
type CodeModule = Awaited<ReturnType<typeof loadCode>>;

/** An issue of the text, at its place: a syntax error, or a rule the value breaks. */
type EditorIssue = {
  from: number;
  to: number;
  line: number;
  column: number;
  /** Where in the value (`columns.Price.more.button.color`); '' for the text itself. */
  path: string;
  message: string;
};

/** How long typing pauses before the text is checked again, and before the server words its issues. */
const CHECK_DELAY_MS = 150;
const SERVER_WORDS_DELAY_MS = 700;

const textOf = (value: unknown) => (value === undefined ? '' : JSON.stringify(value, null, 2));

function placed(text: string, from: number, to: number, path: string, message: string): EditorIssue {
  const { line, column } = lineAndColumn(text, from);
  return { from, to, line, column, path, message };
}

/** The issues of a value the rules refuse, each at the key it is about. */
function placeRuleIssues(text: string, root: Parameters<typeof locateJsonPath>[0], issues: RuleIssue[]) {
  return issues.map((issue) => {
    const at = locateJsonPath(root, issue.path);
    return placed(text, at.from, at.to, issue.path.join('.'), issue.message);
  });
}

/** The server's issues (dotted paths from the document's root), each at the key it is about. */
function placeServerIssues(
  text: string,
  root: Parameters<typeof locateJsonPath>[0],
  item: readonly string[],
  issues: readonly ConfigIssue[],
) {
  return issues.map((issue) => {
    const within = pathWithinItem(item, issue.Path) ?? '';
    const at = locateJsonPath(root, splitDottedPath(root, within));
    return placed(text, at.from, at.to, within, issue.Message);
  });
}

export type JsonItemEditorProps = {
  /** The draft item: `["screens", code]`, `["menus", "side"]`, `["roles", code]`, `["settings", name]`. */
  item: readonly string[];
  /** The item's value now (the draft's, else the live one); undefined for an item not set yet. */
  value: unknown;
  /** After the value was saved into the draft. */
  onSaved?: (value: unknown) => void;
  /** The editor's accessible name; "JSON of <item>" when not given. */
  label?: string;
};

/**
 * One item of the configuration as JSON text, in a code editor that marks each error at its line:
 * JSON syntax, and the rules of the item's schema (the contract's, as one types; the server's
 * `Configuration/CheckItem` before saving, in the user's language). A value with errors is not saved.
 * Tab and Escape leave the editor; Ctrl+S saves into the draft.
 */
export function JsonItemEditor({ item: given, value, onSaved, label }: JsonItemEditorProps) {
  // One array per item, whatever the parent passes on each render: the checks depend on it.
  const givenKey = JSON.stringify(given);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the key stands for the array's content
  const item = useMemo(() => given, [givenKey]);
  const { t, i18n } = useTranslation(['studio', 'common']);
  const draft = useStudioDraft();
  const ids = useId();
  const helpId = `${ids}-help`;
  const issuesId = `${ids}-issues`;
  const itemName = item.join('.');
  const name = label ?? t('JSON of {{item}}', { item: itemName });

  const [code, setCode] = useState<CodeModule | null>(null);
  const [loadFailed, setLoadFailed] = useState(false);
  const [loaded, setLoaded] = useState(() => textOf(value));
  const [text, setText] = useState(loaded);
  const [issues, setIssues] = useState<EditorIssue[]>([]);
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<{ kind: 'saved' | 'refused' | 'failed'; text: string } | null>(null);
  const host = useRef<HTMLDivElement>(null);
  const editor = useRef<JsonCodeEditor | null>(null);
  const saveButton = useRef<HTMLButtonElement>(null);
  const textRef = useRef(text);
  textRef.current = text;
  // The server's last verdict and the text it was about: it stands until the text changes.
  const judged = useRef<{ text: string; issues: EditorIssue[] } | null>(null);
  const dirty = text !== loaded;

  useEffect(() => {
    let alive = true;
    loadCode().then(
      (module) => alive && setCode(module),
      () => alive && setLoadFailed(true),
    );
    return () => {
      alive = false;
    };
  }, []);

  /** What the text's syntax and the contract's schema say, at once, on this side. */
  const analyse = useCallback(
    (current: string): { value?: unknown; issues: EditorIssue[] } => {
      const parsed = parseJsonText(current);
      if (!parsed.ok) {
        const { from, to, words } = parsed.error;
        return { issues: [placed(current, from, to, '', t(words.text, words.values ?? {}))] };
      }
      const rules = code ? code.ruleIssues(item, parsed.value) : [];
      return { value: parsed.value, issues: placeRuleIssues(current, parsed.root, rules) };
    },
    [code, item, t],
  );

  /** The server's check of a value, placed in the text (null when the text has changed since). */
  const serverIssues = useCallback(
    async (current: string, parsedValue: unknown): Promise<EditorIssue[] | null> => {
      const { Errors } = await checkConfigItem(item, parsedValue);
      if (textRef.current !== current) return null;
      const parsed = parseJsonText(current);
      if (!parsed.ok) return null;
      const found = placeServerIssues(current, parsed.root, item, Errors);
      judged.current = { text: current, issues: found };
      return found;
    },
    [item],
  );

  // Checks as one types: the syntax and the schema here, then (when they find something) the
  // server's words for it in the user's language.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the language changes the words of the issues
  useEffect(() => {
    if (!code) return;
    let current = true;
    let worded: ReturnType<typeof setTimeout> | undefined;
    const local = setTimeout(() => {
      if (judged.current?.text === text) {
        setIssues(judged.current.issues);
        return;
      }
      const result = analyse(text);
      setIssues(result.issues);
      if (result.value === undefined || result.issues.length === 0) return;
      worded = setTimeout(() => {
        serverIssues(text, result.value).then(
          (found) => current && found && setIssues(found),
          () => undefined,
        );
      }, SERVER_WORDS_DELAY_MS);
    }, CHECK_DELAY_MS);
    return () => {
      current = false;
      clearTimeout(local);
      clearTimeout(worded);
    };
  }, [text, code, analyse, serverIssues, i18n.language]);

  useEffect(() => {
    editor.current?.mark(issues);
  }, [issues]);

  // Another value arrives (the draft read again, another editor's save): it replaces an unchanged
  // text; typed changes are kept. A value that differs only in its keys' order is the same.
  const incoming = useMemo(() => textOf(value), [value]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: only a new value from outside reloads the text
  useEffect(() => {
    if (incoming === loaded) return;
    const parsed = parseJsonText(textRef.current);
    if (parsed.ok && sameJsonValue(parsed.value, value)) return;
    if (textRef.current !== loaded) return;
    setLoaded(incoming);
    setText(incoming);
    editor.current?.setText(incoming);
  }, [incoming]);

  const save = async () => {
    if (busy) return;
    const current = textRef.current;
    const local = analyse(current);
    if (local.issues.length > 0 || local.value === undefined) {
      setIssues(local.issues);
      setNotice({ kind: 'refused', text: t('Fix the marked errors before saving: nothing was saved.') });
      return;
    }
    setBusy(true);
    setNotice(null);
    try {
      const found = await serverIssues(current, local.value);
      if (found && found.length > 0) {
        setIssues(found);
        setNotice({ kind: 'refused', text: t('Fix the marked errors before saving: nothing was saved.') });
        return;
      }
      await draft.save(item, local.value);
      setLoaded(current);
      setNotice({ kind: 'saved', text: t('Saved to the draft.') });
      onSaved?.(local.value);
    } catch (failure) {
      const reason = isCallFailure(failure) ? (failure.description ?? failure.msg) : '';
      setNotice({ kind: 'failed', text: reason || t('The draft could not be saved.') });
    } finally {
      setBusy(false);
    }
  };
  const saveRef = useRef(save);
  saveRef.current = save;

  // The editor: made once the code has loaded, for the life of this component.
  useEffect(() => {
    if (!code || !host.current) return;
    const made = code.createJsonCodeEditor(host.current, {
      text: textRef.current,
      label: name,
      describedBy: `${helpId} ${issuesId}`,
      onChange: (next) => {
        // At once: a Ctrl+S pressed before React renders again saves what is in the editor.
        textRef.current = next;
        setText(next);
        setNotice(null);
      },
      onSave: () => void saveRef.current(),
      onLeave: () => saveButton.current?.focus(),
    });
    editor.current = made;
    return () => {
      made.destroy();
      editor.current = null;
    };
  }, [code, name, helpId, issuesId]);

  const format = () => {
    const parsed = parseJsonText(textRef.current);
    if (!parsed.ok) return;
    const tidy = JSON.stringify(parsed.value, null, 2);
    setText(tidy);
    editor.current?.setText(tidy);
  };
  const reset = () => {
    setText(loaded);
    setNotice(null);
    editor.current?.setText(loaded);
  };

  return (
    <div className="studio-json">
      <p id={helpId} className="studio-json-help">
        {t('Tab or Escape leaves the editor; Ctrl+S saves into the draft.')}
      </p>
      {/* The text is data; the editor's own words (its label, the loading line) are translated. */}
      <div ref={host} className={`studio-json-code${issues.length > 0 ? ' has-issues' : ''}`}>
        {!code &&
          (loadFailed ? (
            <p className="text-danger m-3">{t('The editor could not be loaded. Reload the page.')}</p>
          ) : (
            <div className="d-flex align-items-center gap-2 m-3 text-body-secondary">
              <span className="spinner-border spinner-border-sm" aria-hidden="true" />
              <span role="status">{t('Loading the editor…')}</span>
            </div>
          ))}
      </div>
      <div id={issuesId} className="studio-json-issues">
        {issues.length === 0 ? (
          <p className="studio-json-ok mb-0">
            <i className="bi bi-check-circle me-1" aria-hidden="true" />
            {t('No errors.')}
          </p>
        ) : (
          <>
            <p className="studio-json-count mb-1">
              <i className="bi bi-exclamation-octagon me-1" aria-hidden="true" />
              {t('{{count}} errors', { count: issues.length })}
            </p>
            <ul className="list-unstyled mb-0">
              {issues.map((issue) => (
                <li key={`${issue.from}:${issue.path}:${issue.message}`}>
                  <button
                    type="button"
                    className="btn btn-link studio-json-issue"
                    onClick={() => editor.current?.focusAt(issue.from)}
                  >
                    <span className="studio-json-where">
                      {t('Line {{line}}, column {{column}}', { line: issue.line, column: issue.column })}
                    </span>
                    {issue.path && (
                      <code className="studio-json-path" {...DATA_TEXT}>
                        {issue.path}
                      </code>
                    )}
                    {/* The rules' words: the contract's, then the server's in the user's language. */}
                    <span className="studio-json-message" {...DATA_TEXT}>
                      {issue.message}
                    </span>
                  </button>
                </li>
              ))}
            </ul>
          </>
        )}
      </div>
      <div className="studio-json-actions">
        <button
          ref={saveButton}
          type="button"
          className="btn btn-primary"
          disabled={busy || !code}
          onClick={() => void save()}
        >
          {busy && <span className="spinner-border spinner-border-sm me-1" aria-hidden="true" />}
          {t('Save to the draft')}
        </button>
        <button type="button" className="btn btn-outline-secondary" disabled={!code} onClick={format}>
          {t('Format')}
        </button>
        <button type="button" className="btn btn-outline-secondary" disabled={!dirty} onClick={reset}>
          {t('Undo my changes')}
        </button>
        <span
          role="status"
          className={`studio-json-notice${notice && notice.kind !== 'saved' ? ' text-danger' : ''}`}
        >
          {notice?.text}
        </span>
      </div>
    </div>
  );
}
