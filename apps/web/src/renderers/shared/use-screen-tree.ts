import { useQuery } from '@tanstack/react-query';
import { fetchScreenTree } from '../../api/screens';
import { describeScreenNode, type ScreenDescriptor } from '../registry';

/**
 * The screen with its tree (contents and configuration parts). A screen that came from a tree has
 * them; one known from the route list has not, so its tree is asked for once.
 */
export function useScreenTree(screen: ScreenDescriptor): {
  screen: ScreenDescriptor | null;
  pending: boolean;
  failed: boolean;
} {
  const known = screen.configs !== undefined;
  const query = useQuery({
    queryKey: ['ScreenTree', screen.id],
    queryFn: async () => describeScreenNode(await fetchScreenTree(screen.id)),
    enabled: !known && screen.id !== '',
    staleTime: 5 * 60_000,
  });
  if (known) return { screen, pending: false, failed: false };
  // The route entry's own RequestData and Config stay those of the route.
  const tree = query.data
    ? { ...query.data, requestData: { ...query.data.requestData, ...screen.requestData } }
    : null;
  return {
    screen: tree,
    pending: query.isPending && screen.id !== '',
    failed: query.isError || screen.id === '',
  };
}
