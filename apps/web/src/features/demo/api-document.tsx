import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api, apiBaseUrl } from '../../api/api';
import { setAppState } from '../../state/app-store';

type Schema = {
  type?: string | string[];
  properties?: Record<string, Schema>;
  required?: string[];
  anyOf?: Schema[];
  items?: Schema;
  enum?: unknown[];
  description?: string;
};
type Operation = {
  summary: string;
  description?: string;
  tags?: string[];
  'x-auth'?: string;
  requestBody?: { content?: { 'application/json'?: { schema?: Schema } } };
};
type OpenApi = { info: { title: string; version: string }; paths: Record<string, Record<string, Operation>> };

/** A JSON Schema's type in a few words: `string`, `integer | null`, `array of object`, `one of a, b`. */
export function schemaType(schema: Schema | undefined): string {
  if (!schema) return 'any';
  if (schema.enum) return `one of ${schema.enum.map((v) => JSON.stringify(v)).join(', ')}`;
  if (schema.anyOf) return [...new Set(schema.anyOf.map(schemaType))].join(' | ');
  if (schema.type === 'array') return `array of ${schemaType(schema.items)}`;
  if (Array.isArray(schema.type)) return schema.type.join(' | ');
  return schema.type ?? 'any';
}

/** The operations of the document by tag (the controller), each tag's in path order. */
function byTag(document: OpenApi, search: string) {
  const groups = new Map<string, { method: string; path: string; operation: Operation }[]>();
  const wanted = search.trim().toLowerCase();
  for (const [path, methods] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(methods)) {
      if (wanted && !path.toLowerCase().includes(wanted)) continue;
      const tag = operation.tags?.[0] ?? 'Other';
      groups.set(tag, [...(groups.get(tag) ?? []), { method: method.toUpperCase(), path, operation }]);
    }
  }
  return [...groups.entries()].sort(([a], [b]) => a.localeCompare(b));
}

/**
 * /demo/api_document: the server's OpenAPI document (`/api/openapi.json`, generated from its routes
 * and contract schemas), rendered: each call with who may make it and the fields of its body.
 */
export function ApiDocument() {
  const { t } = useTranslation(['forms', 'common']);
  const [search, setSearch] = useState('');
  const document = useQuery({
    queryKey: ['OpenApi'],
    queryFn: () =>
      api.call<OpenApi>({ url: `${apiBaseUrl()}/api/openapi.json`, method: 'GET', checkStatus: false }),
    staleTime: Number.POSITIVE_INFINITY,
  });
  useEffect(() => {
    setAppState({ headerTitle: t('API document') });
    return () => setAppState({ headerTitle: '' });
  }, [t]);
  const groups = useMemo(() => (document.data ? byTag(document.data, search) : []), [document.data, search]);

  if (document.isPending)
    return (
      <div className="d-flex justify-content-center py-5" role="status" aria-label={t('Loading')}>
        <span className="spinner-border text-primary" aria-hidden="true" />
      </div>
    );
  if (!document.data) return <p className="text-danger">{t('Something went wrong')}</p>;
  const count = groups.reduce((sum, [, operations]) => sum + operations.length, 0);
  return (
    <>
      <h1 className="h3">{t('API document')}</h1>
      <p className="text-secondary">
        {t('{{title}} {{version}}, generated from the routes and contract schemas of the server.', {
          title: document.data.info.title,
          version: document.data.info.version,
        })}{' '}
        <a href="/api/openapi.json">{t('OpenAPI document (JSON)')}</a>
      </p>
      <div className="mb-3" style={{ maxWidth: 420 }}>
        <label htmlFor="api-search" className="form-label">
          {t('Search calls')}
        </label>
        <input
          id="api-search"
          type="search"
          className="form-control"
          value={search}
          onChange={(event) => setSearch(event.currentTarget.value)}
        />
        <div className="form-text" aria-live="polite">
          {t('{{count}} calls', { count })}
        </div>
      </div>
      {groups.map(([tag, operations]) => (
        <section key={tag} className="mb-4">
          <h2 className="h5 border-bottom pb-1">{tag}</h2>
          {operations.map(({ method, path, operation }) => {
            const schema = operation.requestBody?.content?.['application/json']?.schema;
            const fields = Object.entries(schema?.properties ?? {});
            return (
              <details key={`${method} ${path}`} className="mb-2" data-testid="api-operation">
                <summary>
                  <code className="me-2">{method}</code>
                  <code>{path}</code>
                </summary>
                <div className="ps-3 pt-2">
                  {operation.description && <p className="mb-2">{operation.description}</p>}
                  {fields.length > 0 ? (
                    <table className="table table-sm w-auto">
                      <caption className="caption-top">{t('Body fields')}</caption>
                      <thead>
                        <tr>
                          <th scope="col">{t('Field')}</th>
                          <th scope="col">{t('Type')}</th>
                          <th scope="col">{t('Required')}</th>
                        </tr>
                      </thead>
                      <tbody>
                        {fields.map(([name, field]) => (
                          <tr key={name}>
                            <td>
                              <code>{name}</code>
                            </td>
                            <td>{schemaType(field)}</td>
                            <td>{schema?.required?.includes(name) ? t('Yes') : t('No')}</td>
                          </tr>
                        ))}
                      </tbody>
                    </table>
                  ) : (
                    <p className="text-secondary mb-0">{t('No body fields.')}</p>
                  )}
                </div>
              </details>
            );
          })}
        </section>
      ))}
    </>
  );
}
