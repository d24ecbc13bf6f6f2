import { useTranslation } from 'react-i18next';
import { apiBaseUrl } from '../../api/api';
import type { FullPathLink, FullPathOutcome } from '../../engine/columns';
import { openModal } from '../modal-host/modal-store';

/** A file link of the server (`/files/...`) goes to the API's origin; other links stay as they are. */
export function resolveFullPathUrl(url: string): string {
  return url.startsWith('/files/') ? `${apiBaseUrl()}${url}` : url;
}

/** Opens one link: downloaded, in a new window, or in this one. */
export function openLink(link: FullPathLink, options: { newWindow: boolean; download: boolean }): void {
  const url = resolveFullPathUrl(link.url);
  if (options.download) {
    const anchor = document.createElement('a');
    anchor.href = url;
    anchor.download = link.name ?? '';
    anchor.rel = 'noopener';
    document.body.append(anchor);
    anchor.click();
    anchor.remove();
    return;
  }
  if (options.newWindow) window.open(url, '_blank', 'noopener');
  else window.location.assign(url);
}

function FullPathLinks({ outcome }: { outcome: Extract<FullPathOutcome, { kind: 'open' }> }) {
  const { t } = useTranslation(['table', 'common']);
  return (
    <ul className="list-unstyled mb-0">
      {outcome.links.map((link) => (
        <li key={link.url} className="mb-2">
          <a
            href={resolveFullPathUrl(link.url)}
            target={outcome.newWindow ? '_blank' : undefined}
            rel="noopener noreferrer"
            download={outcome.download ? (link.name ?? '') : undefined}
          >
            {link.name || link.url}
          </a>
          {link.info && <div className="small text-body-secondary">{link.info}</div>}
        </li>
      ))}
      {outcome.links.length === 0 && <li>{t('No data')}</li>}
    </ul>
  );
}

/**
 * What an action's answer brought back (engine `fullPathOutcome`): opened at once when the column
 * says `autoOpenLink` (or `forceOpen`, e.g. an export), else shown as a list of links in a dialog.
 * Nothing to follow: nothing shown.
 */
export function showFullPath(outcome: FullPathOutcome, options: { forceOpen?: boolean } = {}): void {
  if (outcome.kind === 'nothing') return;
  const [first] = outcome.links;
  if (first && (outcome.autoOpen || (options.forceOpen && outcome.links.length === 1))) {
    openLink(first, { newWindow: outcome.newWindow, download: outcome.download });
    return;
  }
  void openModal({
    type: 'component',
    size: 'xm',
    title: outcome.title,
    render: () => <FullPathLinks outcome={outcome} />,
  });
}
