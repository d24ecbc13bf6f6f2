import DOMPurify from 'dompurify';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { ControlProps } from './registry';

const COMMANDS = [
  { command: 'bold', icon: 'type-bold', title: 'Bold' },
  { command: 'italic', icon: 'type-italic', title: 'Italic' },
  { command: 'underline', icon: 'type-underline', title: 'Underline' },
  { command: 'insertUnorderedList', icon: 'list-ul', title: 'Bulleted list' },
  { command: 'insertOrderedList', icon: 'list-ol', title: 'Numbered list' },
  { command: 'removeFormat', icon: 'eraser', title: 'Clear formatting' },
] as const;

/** HTML as the form keeps it: sanitised, and '' for an editor with no text. */
export function cleanRichText(html: string): string {
  const clean = DOMPurify.sanitize(html);
  const text = clean
    .replace(/<[^>]*>/g, '')
    .replace(/&nbsp;/g, ' ')
    .trim();
  return text === '' ? '' : clean;
}

/**
 * `richtext`: an editable area with a small toolbar (bold, italic, underline, lists). What it holds is
 * sanitised with DOMPurify on every change and whenever a value comes in.
 */
export function RichTextControl(props: ControlProps) {
  const { t } = useTranslation(['forms', 'common']);
  const editor = useRef<HTMLDivElement>(null);
  const lastSent = useRef<string | null>(null);

  useEffect(() => {
    const html = typeof props.value === 'string' ? props.value : '';
    if (editor.current && html !== lastSent.current) {
      editor.current.innerHTML = DOMPurify.sanitize(html);
      lastSent.current = html;
    }
  }, [props.value]);

  const emit = () => {
    const html = cleanRichText(editor.current?.innerHTML ?? '');
    lastSent.current = html;
    props.onChange(html);
  };

  const run = (command: string) => {
    editor.current?.focus();
    document.execCommand(command);
    emit();
  };

  return (
    <div className={`rich-text border rounded ${props.invalid ? 'border-danger' : ''}`}>
      <div className="btn-toolbar border-bottom p-1 gap-1" role="toolbar" aria-label={t('Formatting')}>
        {COMMANDS.map((item) => (
          <button
            key={item.command}
            type="button"
            className="btn btn-sm btn-light"
            title={t(item.title)}
            aria-label={t(item.title)}
            disabled={props.disabled}
            // Keeps the selection in the editor.
            onMouseDown={(e) => e.preventDefault()}
            onClick={() => run(item.command)}
          >
            <i className={`bi bi-${item.icon}`} aria-hidden="true" />
          </button>
        ))}
      </div>
      {/* biome-ignore lint/a11y/useSemanticElements: an editor of formatted text cannot be a textarea */}
      <div
        ref={editor}
        id={props.id}
        className="rich-text-area p-2"
        role="textbox"
        tabIndex={props.disabled ? -1 : 0}
        aria-multiline="true"
        aria-labelledby={`${props.id}-label`}
        aria-invalid={props.invalid || undefined}
        aria-required={props.required || undefined}
        aria-describedby={props.describedBy}
        aria-disabled={props.disabled || undefined}
        contentEditable={!props.disabled}
        suppressContentEditableWarning
        onInput={emit}
        onBlur={props.onCommit}
      />
    </div>
  );
}
