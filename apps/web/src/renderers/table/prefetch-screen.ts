import { queryClient } from '../../api/query-client';
import { i18n } from '../../i18n';
import type { ScreenDescriptor } from '../registry';
import { prefetchTableData } from './prefetch';

/** A table screen's Options and first List page, fetched before it is opened (registry prefetch). */
export function prefetchTableScreen(screen: ScreenDescriptor): void {
  void prefetchTableData(queryClient, screen);
  void i18n.loadNamespaces('table').catch(() => {});
}
