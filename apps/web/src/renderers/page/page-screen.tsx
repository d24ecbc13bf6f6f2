import DOMPurify from 'dompurify';
import { useTranslation } from 'react-i18next';
import { DATA_TEXT } from '../../i18n';
import type { ScreenRendererProps } from '../registry';

/**
 * A content page (`mypage`): a title and HTML from the screen's Config (`{"html": "..."}`),
 * sanitised, so that an administrator can add an information page without code.
 */
export default function PageScreen({ screen, embedded }: ScreenRendererProps) {
  const { t } = useTranslation([screen.screenCode]);
  const html = typeof screen.config.html === 'string' ? screen.config.html : '';
  return (
    <section className={embedded ? '' : 'container-fluid py-3'}>
      {!embedded && <h1 className="h3">{t(screen.title)}</h1>}
      <div
        className="page-content"
        {...DATA_TEXT}
        // biome-ignore lint/security/noDangerouslySetInnerHtml: the HTML is sanitised with DOMPurify first
        dangerouslySetInnerHTML={{ __html: DOMPurify.sanitize(html) }}
      />
    </section>
  );
}
