// In-app navigation: a history of routes with back and forward, like a browser's.
import { create } from 'zustand';

export type ProfileTab = 'posts' | 'reels' | 'tagged' | 'highlights' | 'stories' | 'followers' | 'following';
export type SearchTab = 'top' | 'accounts' | 'hashtags' | 'places' | 'music' | 'reels';
export type FeedTab = 'top' | 'recent' | 'reels';

export type Route =
  | { name: 'search'; query?: string; tab?: SearchTab }
  | { name: 'profile'; username?: string; userId?: string; tab?: ProfileTab }
  /** `item`: the carousel item to show first, 1-based (carousel items open inside their post). */
  | { name: 'post'; code?: string; pk?: string; item?: number }
  | { name: 'hashtag'; tag: string; tab?: FeedTab }
  | { name: 'location'; id: string; tab?: 'recent' | 'top' }
  | { name: 'music'; id: string }
  | { name: 'stories'; userId?: string; username?: string; storyPk?: string }
  | { name: 'highlight'; highlightPk: string; itemIndex?: number }
  | { name: 'library' }
  | { name: 'downloads' }
  | { name: 'log' }
  /** The API explorer, on an endpoint with these values in its form (a repeated request, a replacement). */
  | { name: 'explorer'; path?: string; params?: Record<string, string | string[]> }
  | { name: 'settings' }
  | { name: 'studies' }
  | { name: 'study'; id: string; tab?: 'targets' | 'runs' | 'data' | 'changes' | 'coding' | 'charts' | 'reuse' | 'exports' };

export type RouteName = Route['name'];

interface NavigationState {
  entries: Route[];
  /** Each entry's id, for the place it keeps (scroll, focus, screen state) and the key of its screen. */
  ids: number[];
  index: number;
  navigate(route: Route): void;
  /** Changes the current entry without adding history (tab switches). */
  replace(route: Route): void;
  back(): void;
  forward(): void;
}

let lastId = 0;

export const useNavigation = create<NavigationState>((set, get) => ({
  entries: [{ name: 'search' }],
  ids: [0],
  index: 0,
  navigate: (route) => {
    const { entries, ids, index } = get();
    set({ entries: [...entries.slice(0, index + 1), route], ids: [...ids.slice(0, index + 1), ++lastId], index: index + 1 });
  },
  replace: (route) => {
    const { entries, index } = get();
    set({ entries: entries.map((r, i) => (i === index ? route : r)) });
  },
  back: () => set({ index: Math.max(0, get().index - 1) }),
  forward: () => set({ index: Math.min(get().entries.length - 1, get().index + 1) }),
}));

export function useRoute(): Route {
  return useNavigation((s) => s.entries[s.index] ?? { name: 'search' });
}

/** The id of the current history entry. */
export function useEntryId(): number {
  return useNavigation((s) => s.ids[s.index] ?? 0);
}

export const navigate = (route: Route): void => useNavigation.getState().navigate(route);
