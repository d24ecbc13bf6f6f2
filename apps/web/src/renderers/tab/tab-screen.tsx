import { useQuery } from '@tanstack/react-query';
import { type KeyboardEvent, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { fetchScreenData } from '../../api/screen-data';
import { formatCount } from '../../engine/formats';
import { isTrueFlag } from '../../engine/values';
import type { ScreenDescriptor, ScreenRendererProps } from '../registry';
import { ScreenRenderer } from '../screen-renderer';
import { ScreenFailed, ScreenFrame, ScreenSpinner } from '../shared/screen-state';
import { useScreenTree } from '../shared/use-screen-tree';

/** A tab's title; with `Config.showCount`, the number of its records (`{APIName}/List` Total). */
function TabTitle({ content }: { content: ScreenDescriptor }) {
  const { t } = useTranslation([content.screenCode, 'forms']);
  const showCount = isTrueFlag(content.config.showCount) && content.apiName !== '';
  const count = useQuery({
    queryKey: ['TabCount', content.apiName, content.id, content.requestData],
    queryFn: () =>
      fetchScreenData<{ Total?: number }>(
        content.apiName,
        'List',
        { Page: 1, PageSize: 1, RequestData: content.requestData },
        { silent: true, hideError: true },
      ),
    enabled: showCount,
  });
  const total = count.data?.Total;
  return (
    <>
      {t(content.title)}
      {showCount && typeof total === 'number' && (
        <span className="badge rounded-pill text-bg-secondary ms-2" data-testid="tab-count">
          {formatCount(total)}
        </span>
      )}
    </>
  );
}

/**
 * A tab screen (`admin_tab`): its contents, each drawn by the renderer of its own UI type with the
 * tab's RequestData merged into its calls. A tab is mounted when first opened and stays mounted
 * (hidden) afterwards, so each keeps its filters, paging and scroll while the user switches. As a
 * page, the open tab is in the address (`?tab={ScreenCode}`).
 */
export default function TabScreen({ screen: given, params, embedded }: ScreenRendererProps) {
  const { screen, pending, failed } = useScreenTree(given);
  const { t } = useTranslation([given.screenCode, 'forms']);
  const [search, setSearch] = useSearchParams();
  const [localTab, setLocalTab] = useState<string | null>(null);
  const tabs = useRef<(HTMLButtonElement | null)[]>([]);

  const contents = useMemo(
    () =>
      (screen?.contents ?? []).map((content) => ({
        ...content,
        requestData: { ...screen?.requestData, ...content.requestData },
      })),
    [screen],
  );
  const wanted = embedded ? localTab : search.get('tab');
  const active = contents.find((c) => c.screenCode === wanted) ?? contents[0];
  const [visited, setVisited] = useState<Set<string>>(new Set());
  if (active && !visited.has(active.id)) setVisited(new Set([...visited, active.id]));

  /** Opens a tab; a click adds a history entry, walking with the arrow keys replaces the current one. */
  const open = (content: ScreenDescriptor, { replace = false } = {}) => {
    if (embedded) setLocalTab(content.screenCode);
    else
      setSearch(
        (current) => {
          const next = new URLSearchParams(current);
          next.set('tab', content.screenCode);
          return next;
        },
        // A click is a new history entry (back returns to the tab before); keys only pass through tabs.
        { preventScrollReset: true, replace },
      );
  };

  const onKeyDown = (event: KeyboardEvent, index: number) => {
    let next = -1;
    if (event.key === 'ArrowRight') next = (index + 1) % contents.length;
    if (event.key === 'ArrowLeft') next = (index - 1 + contents.length) % contents.length;
    if (event.key === 'Home') next = 0;
    if (event.key === 'End') next = contents.length - 1;
    const target = contents[next];
    if (!target) return;
    event.preventDefault();
    open(target, { replace: true });
    tabs.current[next]?.focus();
  };

  const idOf = (content: ScreenDescriptor) => `${given.screenCode}-${content.screenCode}`;
  return (
    <ScreenFrame title={t(given.title)} embedded={embedded}>
      {pending ? (
        <ScreenSpinner />
      ) : failed || !screen ? (
        <ScreenFailed />
      ) : contents.length === 0 ? (
        <p className="text-secondary">{t('No data')}</p>
      ) : (
        <>
          <div className="nav nav-tabs mb-3" role="tablist" aria-label={t(given.title)}>
            {contents.map((content, index) => {
              const selected = content.id === active?.id;
              return (
                <button
                  key={content.id}
                  ref={(element) => {
                    tabs.current[index] = element;
                  }}
                  id={`tab-${idOf(content)}`}
                  type="button"
                  role="tab"
                  aria-selected={selected}
                  aria-controls={`panel-${idOf(content)}`}
                  tabIndex={selected ? 0 : -1}
                  className={`nav-link ${selected ? 'active' : ''}`}
                  onClick={() => open(content)}
                  onKeyDown={(e) => onKeyDown(e, index)}
                >
                  <TabTitle content={content} />
                </button>
              );
            })}
          </div>
          {contents
            .filter((content) => visited.has(content.id))
            .map((content) => (
              <div
                key={content.id}
                id={`panel-${idOf(content)}`}
                role="tabpanel"
                aria-labelledby={`tab-${idOf(content)}`}
                hidden={content.id !== active?.id}
              >
                <ScreenRenderer screen={content} params={params} embedded />
              </div>
            ))}
        </>
      )}
    </ScreenFrame>
  );
}
