import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { BrowserRouter, useRoutes } from 'react-router';
import { ApiError } from '../api/client';
import { AuthProvider } from '../auth/auth-context';
import { Announcer } from '../components/announcer';
import { preloadedChallengeId } from '../config/paths';
import { bracketQuery, challengeQuery } from '../features/challenges/api/challenge-queries';
import { routes } from './routes';

const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 10_000,
      // A 4xx answer (not found, invalid id, forbidden) will not change by asking again.
      retry: (count, error) => !(error instanceof ApiError && error.status >= 400 && error.status < 500) && count < 2,
    },
  },
});

/**
 * The declarative router (not createBrowserRouter): the app uses no loaders or actions, and the data
 * router's machinery was tens of kB of the entry bundle every page parses first.
 */
function Routes() {
  return useRoutes(routes);
}

/**
 * A challenge page opened directly: its two reads start now, in parallel, while React mounts (the page's
 * hooks then find them in flight in the cache) rather than after the first render.
 */
const opened = preloadedChallengeId(window.location.pathname);
if (opened) {
  void queryClient.prefetchQuery(challengeQuery(opened));
  void queryClient.prefetchQuery(bracketQuery(opened));
}

export function App() {
  return (
    <QueryClientProvider client={queryClient}>
      <AuthProvider>
        <Announcer>
          <BrowserRouter>
            <Routes />
          </BrowserRouter>
        </Announcer>
      </AuthProvider>
    </QueryClientProvider>
  );
}
