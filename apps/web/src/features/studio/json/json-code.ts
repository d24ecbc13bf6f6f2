// The JSON view's heavy half, loaded only when a JSON view opens (json-item-editor.tsx imports it
// dynamically): CodeMirror and the contract's item schemas, neither of which the rest of the studio
// or the product needs.
import { defaultKeymap, history, historyKeymap } from '@codemirror/commands';
import { json } from '@codemirror/lang-json';
import { bracketMatching, HighlightStyle, indentOnInput, syntaxHighlighting } from '@codemirror/language';
import { type Diagnostic, lintGutter, lintKeymap, setDiagnostics } from '@codemirror/lint';
import { EditorState } from '@codemirror/state';
import {
  EditorView,
  highlightActiveLine,
  highlightActiveLineGutter,
  keymap,
  lineNumbers,
} from '@codemirror/view';
import { tags } from '@lezer/highlight';
// The item schemas (zod) from their own entry point: the contract's root gives the web app types only.
import { type ConfigItemIssue, configItemIssues } from '@panelwright/contract/config-items';

/** One issue the contract's schema finds in an item's value: where inside the value, and why. */
export type RuleIssue = ConfigItemIssue;

/**
 * What the contract's schema for the item says of a value (the same schema `Configuration/SaveDraft`
 * checks with), worded for people; English, as the contract writes it (the server's check of the
 * same value answers in the user's language).
 */
export function ruleIssues(item: readonly string[], value: unknown): RuleIssue[] {
  return configItemIssues(item, value) ?? [{ path: [], message: 'is not an item of the configuration' }];
}

/** A mark the editor shows at a place of the text. */
export type CodeMark = { from: number; to: number; message: string };

export type JsonCodeOptions = {
  text: string;
  /** The editor's accessible name. */
  label: string;
  /** Ids of what describes the editor (its keys, its issues). */
  describedBy: string;
  onChange: (text: string) => void;
  /** Ctrl+S (⌘S). */
  onSave: () => void;
  /** Escape: the editor gives the focus away. */
  onLeave: () => void;
};

export type JsonCodeEditor = {
  /** Replaces the whole text (another value loaded); keeps nothing of the previous one's history. */
  setText: (text: string) => void;
  mark: (marks: readonly CodeMark[]) => void;
  /** Puts the cursor at an offset and the focus in the editor. */
  focusAt: (offset: number) => void;
  destroy: () => void;
};

// Colours from the page's variables, so that the light and the dark theme both read well (the
// `--studio-json-*` variables are set in studio.scss for each theme).
const highlight = HighlightStyle.define([
  { tag: tags.propertyName, color: 'var(--studio-json-key)' },
  { tag: tags.string, color: 'var(--studio-json-string)' },
  { tag: tags.number, color: 'var(--studio-json-number)' },
  { tag: [tags.bool, tags.null], color: 'var(--studio-json-literal)', fontWeight: '600' },
  { tag: [tags.separator, tags.squareBracket, tags.brace], color: 'var(--bs-secondary-color)' },
]);

const theme = EditorView.theme({
  '&': {
    color: 'var(--bs-body-color)',
    backgroundColor: 'var(--bs-body-bg)',
    fontSize: '0.8125rem',
    minHeight: '12rem',
  },
  '&.cm-focused': { outline: 'none' },
  '.cm-scroller': { fontFamily: 'var(--bs-font-monospace)', lineHeight: '1.5' },
  '.cm-content': { caretColor: 'var(--bs-body-color)' },
  '.cm-cursor': { borderLeftColor: 'var(--bs-body-color)' },
  '.cm-gutters': {
    backgroundColor: 'var(--bs-tertiary-bg)',
    color: 'var(--bs-secondary-color)',
    borderRight: '1px solid var(--bs-border-color)',
  },
  '.cm-activeLine': { backgroundColor: 'var(--studio-json-active-line)' },
  '.cm-activeLineGutter': {
    backgroundColor: 'var(--studio-json-active-line)',
    color: 'var(--bs-body-color)',
  },
  '.cm-matchingBracket': { backgroundColor: 'var(--studio-json-bracket)', outline: 'none' },
  '.cm-lintRange-error': {
    backgroundImage: 'none',
    textDecoration: 'underline wavy var(--bs-danger)',
    textUnderlineOffset: '3px',
  },
  '.cm-tooltip': {
    backgroundColor: 'var(--bs-body-bg)',
    color: 'var(--bs-body-color)',
    border: '1px solid var(--bs-border-color)',
  },
  '.cm-diagnostic-error': { borderLeftColor: 'var(--bs-danger)' },
});

/** Creates the JSON view's editor in `parent`. */
export function createJsonCodeEditor(parent: HTMLElement, options: JsonCodeOptions): JsonCodeEditor {
  const extensions = [
    lineNumbers(),
    highlightActiveLineGutter(),
    highlightActiveLine(),
    history(),
    indentOnInput(),
    bracketMatching(),
    json(),
    syntaxHighlighting(highlight),
    lintGutter(),
    theme,
    // Long lines wrap and the editor grows with its text, so the page is the one thing that scrolls
    // (a scrolling box inside would be a region the keyboard cannot scroll, and narrow on a phone).
    EditorView.lineWrapping,
    EditorState.tabSize.of(2),
    // Tab is not bound: it moves the focus on, as in any text field (no keyboard trap). Escape
    // leaves too; Ctrl+S saves.
    keymap.of([
      {
        key: 'Mod-s',
        preventDefault: true,
        run: () => {
          options.onSave();
          return true;
        },
      },
      {
        key: 'Escape',
        run: () => {
          options.onLeave();
          return true;
        },
      },
      ...defaultKeymap,
      ...historyKeymap,
      ...lintKeymap,
    ]),
    // The text is data, never translated (the pseudo-locale check skips it).
    EditorView.editorAttributes.of({ 'data-i18n-data': '' }),
    EditorView.contentAttributes.of({
      'aria-label': options.label,
      'aria-describedby': options.describedBy,
      spellcheck: 'false',
      autocapitalize: 'off',
      autocorrect: 'off',
    }),
    EditorView.updateListener.of((update) => {
      if (update.docChanged) options.onChange(update.state.doc.toString());
    }),
  ];
  const view = new EditorView({ parent, state: EditorState.create({ doc: options.text, extensions }) });
  return {
    setText: (text) => view.setState(EditorState.create({ doc: text, extensions })),
    mark: (marks) => {
      const length = view.state.doc.length;
      const diagnostics: Diagnostic[] = marks.map((mark) => {
        const from = Math.min(Math.max(mark.from, 0), length);
        return {
          from,
          to: Math.min(Math.max(mark.to, from), length),
          severity: 'error',
          message: mark.message,
        };
      });
      view.dispatch(setDiagnostics(view.state, diagnostics));
    },
    focusAt: (offset) => {
      const at = Math.min(Math.max(offset, 0), view.state.doc.length);
      view.dispatch({ selection: { anchor: at }, scrollIntoView: true });
      view.focus();
    },
    destroy: () => view.destroy(),
  };
}
