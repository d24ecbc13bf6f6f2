import { APP_DEFAULTS } from '@panelwright/contract/constants';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { setAppState } from '../../state/app-store';
import { MarkdownView } from './markdown-view';

const DOC_NAME = /^[a-z0-9][a-z0-9_-]{0,63}$/;

/** A Markdown document shipped with the product (`/docs/{name}.md` of the web app), or null. */
async function fetchDoc(name: string): Promise<string | null> {
  if (!DOC_NAME.test(name)) return null;
  const response = await fetch(`/docs/${name}.md?v=${APP_DEFAULTS.buildVersion}`, {
    headers: { Accept: 'text/markdown' },
  });
  if (!response.ok) return null;
  const type = response.headers.get('content-type') ?? '';
  // A server answering its index page for an unknown path is no document.
  if (type.includes('text/html')) return null;
  return response.text();
}

/** Shows one document; used by /adoc/:name and /demo/api_document. */
export function DocumentView({ name }: { name: string }) {
  const { t } = useTranslation(['forms', 'common']);
  const doc = useQuery({
    queryKey: ['Doc', name],
    queryFn: () => fetchDoc(name),
    staleTime: Number.POSITIVE_INFINITY,
  });
  const title = doc.data ? (/^#\s+(.+)$/m.exec(doc.data)?.[1] ?? name) : '';
  useEffect(() => {
    setAppState({ headerTitle: title });
    return () => setAppState({ headerTitle: '' });
  }, [title]);
  if (doc.isPending)
    return (
      <div className="d-flex justify-content-center py-5" role="status" aria-label={t('Loading')}>
        <span className="spinner-border text-primary" aria-hidden="true" />
      </div>
    );
  if (!doc.data)
    return (
      <>
        <h1 className="h3">{t('Page not found')}</h1>
        <p>{t('There is no document named {{name}}.', { name })}</p>
        <Link to="/adoc/index">{t('All documents')}</Link>
      </>
    );
  return <MarkdownView markdown={doc.data} />;
}

/** /adoc/:name: the product's documentation, written in Markdown and shipped with the web app. */
export function AdocPage() {
  const { name = 'index' } = useParams();
  return (
    <article className="container py-4 adoc" style={{ maxWidth: 900 }}>
      <DocumentView name={name} />
    </article>
  );
}

/** /demo/api_document: the document of the calls. */
export function ApiDocumentPage() {
  return (
    <article className="container py-4 adoc" style={{ maxWidth: 900 }}>
      <DocumentView name="api" />
    </article>
  );
}
