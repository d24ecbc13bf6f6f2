import DOMPurify from 'dompurify';
import type { MouseEvent, ReactNode } from 'react';
import { DATA_TEXT } from '../../i18n';
import { navigate } from '../../state/navigation';
import type { CellProps } from '../types';
import { displayText } from './display-text';

/** HTML of a cell, always sanitised first (DOMPurify). */
export function SafeHtml({ html }: { html: string }) {
  return (
    <span
      className="cell-html"
      {...DATA_TEXT}
      // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised with DOMPurify just before
      dangerouslySetInnerHTML={{ __html: DOMPurify.sanitize(html) }}
    />
  );
}

function PhotoThumbs(props: CellProps) {
  const { resolved, actions, column } = props;
  const photo = resolved.photo;
  if (!photo) return null;
  return (
    <span className="cell-photos">
      {photo.urls.map((url, index) => (
        <button
          // biome-ignore lint/suspicious/noArrayIndexKey: a cell may show the same photo twice
          key={`${index}-${url}`}
          type="button"
          className="cell-photo-button"
          onClick={() => actions.openPhotos(photo.urls, index)}
          aria-label={actions.t('Open photo {{index}} of {{field}}', {
            index: index + 1,
            field: column.header,
          })}
        >
          <img src={url} alt="" loading="lazy" style={photo.imageStyle} />
        </button>
      ))}
    </span>
  );
}

function CellButton(props: CellProps) {
  const { resolved, actions, row, column } = props;
  const button = resolved.button;
  if (!button) return null;
  const title = button.title ? actions.t(button.title) : '';
  const label = title || (button.tooltip ? actions.t(button.tooltip) : '') || actions.t(column.header);
  return (
    <button
      type="button"
      className={`btn btn-sm btn-${button.variant}${button.className ? ` ${button.className}` : ''}`}
      style={button.style}
      disabled={button.disabled}
      title={button.tooltip ? actions.t(button.tooltip) : undefined}
      aria-label={button.showText ? undefined : label}
      onClick={() => actions.activate(row, column)}
    >
      {button.showIcon && <i className={`bi bi-${button.icon}`} aria-hidden="true" />}
      {button.showIcon && button.showText && ' '}
      {button.showText && title}
    </button>
  );
}

function CellIcon({ resolved, actions, column, text }: CellProps & { text: string }) {
  const icon = resolved.icon;
  if (!icon?.show) return null;
  const name = icon.name || (icon.active ? 'check-circle-fill' : 'circle');
  return (
    <i
      className={`bi bi-${name} ${icon.className}`.trim()}
      style={icon.style}
      role="img"
      aria-label={actions.t(
        text && text !== 'true' && text !== 'false'
          ? '{{field}}: {{value}} ({{text}})'
          : '{{field}}: {{value}}',
        { field: actions.t(column.header), value: icon.active ? actions.t('Yes') : actions.t('No'), text },
      )}
      data-active={icon.active}
    />
  );
}

function CellLink({ resolved }: CellProps) {
  const link = resolved.link;
  if (!link) return null;
  if (!link.href) return <span {...DATA_TEXT}>{link.text}</span>;
  const href = link.href;
  const internal =
    !link.newWindow && href.startsWith('/') && !href.startsWith('//') && !href.startsWith('/files/');
  const onClick = (event: MouseEvent) => {
    if (!internal || event.ctrlKey || event.metaKey || event.shiftKey) return;
    event.preventDefault();
    navigate(href);
  };
  return (
    <a
      href={href}
      target={link.newWindow ? '_blank' : undefined}
      rel={link.newWindow ? 'noopener noreferrer' : undefined}
      onClick={onClick}
      {...DATA_TEXT}
    >
      {link.text}
    </a>
  );
}

type DisplayOptions = {
  /** How the text is drawn (html cells draw sanitised HTML). */
  renderText?: (text: string, props: CellProps) => ReactNode;
};

/**
 * A cell in display mode. One place reads the display option groups, in this order: hidden display,
 * photos, button, icon, link, then the text; a cell with a modal opens it on click. Every cell type
 * draws its display through here, so that an option works whatever the cell type.
 */
export function CellDisplay(props: CellProps & DisplayOptions) {
  const { resolved, actions, row, column, inModal, renderText } = props;
  if (resolved.display.hidden) return null;
  const text = displayText(props);
  let content: ReactNode;
  let interactive = false;
  if (resolved.photo && resolved.photo.urls.length > 0) {
    content = <PhotoThumbs {...props} />;
    interactive = true;
  } else if (resolved.button) {
    content = <CellButton {...props} />;
    interactive = true;
  } else if (resolved.icon) {
    content = <CellIcon {...props} text={text} />;
  } else if (resolved.link) {
    content = <CellLink {...props} />;
    interactive = Boolean(resolved.link.href);
  } else {
    content = renderText ? (
      renderText(text, props)
    ) : (
      <span className="cell-text" {...DATA_TEXT}>
        {text}
      </span>
    );
  }
  if (resolved.modal && !inModal && !interactive) {
    if (!resolved.modal.canOpen) return content;
    return (
      <button
        type="button"
        className="btn btn-link p-0 text-start cell-modal-trigger"
        onClick={() => actions.openModal(row, column)}
        aria-haspopup="dialog"
        aria-label={actions.t('{{field}}: {{value}}', {
          field: actions.t(column.header),
          value: text || actions.t('Open'),
        })}
      >
        {content}
        {text === '' && <i className="bi bi-box-arrow-up-right" aria-hidden="true" />}
      </button>
    );
  }
  return content;
}
