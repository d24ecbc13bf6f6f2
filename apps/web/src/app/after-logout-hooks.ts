import { queryClient } from '../api/query-client';
import { registerAfterLogout } from '../state/after-logout';
import { clearMenus } from '../state/menus';

// The product's own after-logout hooks: nothing of the previous user stays in memory for the next
// one (the server data in the query cache, the menus on screen). Features add theirs the same way.
registerAfterLogout('queries', () => queryClient.clear());
registerAfterLogout('menus', clearMenus);
