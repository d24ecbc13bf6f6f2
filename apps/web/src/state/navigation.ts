import { useSyncExternalStore } from 'react';

export type NavigateOptions = { replace?: boolean };
type Navigator = (to: string, options?: NavigateOptions) => unknown;

/**
 * Navigation for code outside the router's tree (API hooks, session actions, the sign-in page, which
 * has no router): the router installs it, the light sign-in entry installs its hand-over to the app.
 */
let navigator: Navigator = (to, options) =>
  options?.replace ? window.location.replace(to) : window.location.assign(to);

/** `next` may return a promise of the navigation's end (the router's does). */
export function installNavigator(next: Navigator): void {
  navigator = next;
}

/** Goes to `to`; resolves once the router has arrived there. */
export function navigate(to: string, options?: NavigateOptions): Promise<void> {
  return Promise.resolve(navigator(to, options)).then(() => undefined);
}

/**
 * The address's query, for screens that keep their state there (a table's filters, sort and page; a
 * tab; a folder). Readable outside the router's tree (tables in modals), so the router installs it;
 * without a router (tests), the browser's own history serves.
 */
type AddressHost = {
  search(): string;
  subscribe(listener: () => void): () => void;
  setSearch(search: string, replace: boolean): void;
};

let address: AddressHost = {
  search: () => window.location.search,
  subscribe(listener) {
    window.addEventListener('popstate', listener);
    return () => window.removeEventListener('popstate', listener);
  },
  setSearch(search, replace) {
    const url = `${window.location.pathname}${search}${window.location.hash}`;
    if (replace) window.history.replaceState(window.history.state, '', url);
    else window.history.pushState(window.history.state, '', url);
    window.dispatchEvent(new PopStateEvent('popstate'));
  },
};

export function installAddress(host: AddressHost): void {
  address = host;
}

/** The address's query as it is now (`?a=1`, or ''). */
export function addressSearch(): string {
  return address.search();
}

export function subscribeAddress(listener: () => void): () => void {
  return address.subscribe(listener);
}

/** Puts new query parameters in the address: a new history entry, or in place (`replace`). */
export function setAddressSearch(params: URLSearchParams, options: { replace?: boolean } = {}): void {
  const text = params.toString();
  const search = text === '' ? '' : `?${text}`;
  if (search === address.search()) return;
  address.setSearch(search, options.replace === true);
}

/** The address's query, following every change (links, back and forward). */
export function useAddressSearch(): string {
  return useSyncExternalStore(subscribeAddress, addressSearch, addressSearch);
}
