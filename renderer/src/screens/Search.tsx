// Search: a field (Enter searches) and tabs for top results, accounts, hashtags, places, music and reels.
// Nothing is sent until the user submits; each tab searches only when it is open, and react-query keeps
// each tab's results, so switching tabs back and forth spends nothing more. A tab switch searches the
// words in the box (never the previous query once the box was edited).
import { useState, type FormEvent, type ReactNode } from 'react';
import { DEMO_TRIES } from '../../../shared/demo-tries';
import { Tabs } from '../components/Tabs';
import { useAppState } from '../state/app';
import { navigate, useNavigation, useRoute, type Route, type SearchTab } from '../state/navigation';
import { Icon } from '../components/Icon';
import { SEARCH_TABS, searchTerm, tabSwitchRoute } from './search/plan';
import { SearchResults } from './search/results';
import '../styles/profile.css';
import '../styles/search.css';

type SearchRoute = Extract<Route, { name: 'search' }>;

const WHAT_CAN_BE_SEARCHED: { icon: ReactNode; title: string; text: string }[] = [
  { icon: '★', title: 'Top', text: 'Accounts and posts together, as the platform ranks them.' },
  { icon: '@', title: 'Accounts', text: 'By username or full name; the list pages as you scroll.' },
  { icon: '#', title: 'Hashtags', text: 'Tags and how many posts use them.' },
  { icon: <Icon name="pin" size={16} />, title: 'Places', text: 'Named places with their address and category.' },
  { icon: '♪', title: 'Music', text: 'Tracks by title or artist, and the reels that use them.' },
  { icon: '▶', title: 'Reels', text: 'Reels whose caption or author matches; pages as you scroll.' },
];

/** Demo mode's first screen: accounts, a hashtag and a place of the simulated world, each opened by the
 *  normal lookup (the simulator answers it as the service would). */
function DemoTries() {
  const go = (label: string, onClick: () => void) => (
    <li key={label}>
      <button type="button" className="btn small" onClick={onClick} data-testid="demo-try">
        {label}
      </button>
    </li>
  );
  return (
    <section className="demo-tries" aria-label="Try in the demo" data-testid="demo-tries">
      <strong>Try in the demo:</strong>
      <ul>
        {DEMO_TRIES.accounts.map((username) => go(`@${username}`, () => navigate({ name: 'profile', username })))}
        {go(`#${DEMO_TRIES.hashtag}`, () => navigate({ name: 'hashtag', tag: DEMO_TRIES.hashtag }))}
        {go(DEMO_TRIES.place, () => navigate({ name: 'search', query: DEMO_TRIES.place, tab: 'places' }))}
      </ul>
      <span className="muted">Simulated accounts and places: nothing is billed.</span>
    </section>
  );
}

function SearchIntro({ tab }: { tab: SearchTab }) {
  const demo = useAppState((s) => s.mode?.session.simulated ?? false);
  return (
    <div className="search-intro" data-testid="search-intro">
      <h2>What would you like to find?</h2>
      {demo && <DemoTries />}
      <p className="muted">
        Type words above and press <kbd>Enter</kbd>. Each search spends <strong>1 request</strong> for the tab you are on; long lists spend one
        more request per page, only as you scroll. Links, <code>@handles</code> and <code>#hashtags</code> pasted into the bar at the top open
        directly.
      </p>
      <ul className="search-kinds">
        {WHAT_CAN_BE_SEARCHED.map((k) => (
          <li key={k.title} className={k.title.toLowerCase() === tab ? 'current' : undefined}>
            <span className="search-kind-icon" aria-hidden>
              {k.icon}
            </span>
            <span>
              <strong>{k.title}</strong>
              <span className="muted">{k.text}</span>
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
}

function SearchPage({ route }: { route: SearchRoute }) {
  const replace = useNavigation((s) => s.replace);
  const [text, setText] = useState(route.query ?? '');
  const [hint, setHint] = useState<string | null>(null);
  const tab: SearchTab = route.tab ?? 'top';
  const term = searchTerm(route.query);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const query = text.trim();
    if (!searchTerm(query)) {
      setHint('Type a word or a name to search. Nothing was sent.');
      return;
    }
    setHint(null);
    if (query === route.query) return;
    // A first search fills this entry; a new search is a new history entry (Back returns to the last one).
    if (route.query) navigate({ name: 'search', query, tab });
    else replace({ name: 'search', query, tab });
  };

  return (
    <div className="page search-page" data-testid="search">
      <div className="page-header">
        <h1>Search</h1>
      </div>
      <form className="search-bar" role="search" onSubmit={submit}>
        <span className="search-bar-icon" aria-hidden>
          ⌕
        </span>
        <input
          type="search"
          value={text}
          onChange={(e) => {
            setText(e.target.value);
            setHint(null);
          }}
          aria-label="Search accounts, hashtags, places, music and reels"
          placeholder="Accounts, hashtags, places, music, reels…"
          spellCheck={false}
          autoFocus={!route.query}
          data-testid="search-input"
        />
        <button type="submit" className="btn primary">
          Search
        </button>
      </form>
      {hint && (
        <div className="field-hint search-hint" role="status">
          {hint}
        </div>
      )}
      <Tabs
        tabs={SEARCH_TABS.map((t) => ({ key: t.key, label: t.label }))}
        active={tab}
        onChange={(next) => {
          setHint(null);
          replace(tabSwitchRoute(next, text));
        }}
        label="Kinds of results"
      />
      <section role="tabpanel" aria-label={SEARCH_TABS.find((t) => t.key === tab)?.label} data-testid="search-panel" data-tab={tab}>
        {term ? <SearchResults key={`${tab}:${term}`} tab={tab} term={term} /> : <SearchIntro tab={tab} />}
      </section>
    </div>
  );
}

export function SearchScreen() {
  const route = useRoute();
  if (route.name !== 'search') return null;
  return <SearchPage route={route} />;
}
