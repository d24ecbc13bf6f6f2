import { useTranslation } from 'react-i18next';
import { previewRole } from '../../api/preview';

/** Inside the studio's preview frame: says whose eyes the page is seen through, and that it only reads. */
export function PreviewBanner() {
  const { t } = useTranslation('common');
  const role = previewRole();
  if (!role) return null;
  return (
    <output className="preview-banner" aria-live="polite">
      <i className="bi bi-eye me-1" aria-hidden="true" />
      {t('Preview of the draft as {{role}}: reading only', { role })}
    </output>
  );
}
