import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { ApiError } from '../api/client';
import { bracketQuery, challengeQuery } from '../api/queries';
import { AuthProvider } from '../auth/auth-context';
import { Announcer } from '../components/announcer';
import { SignInPage, SignUpPage, NotFoundPage } from '../pages/auth-pages';
import { ChallengePage } from '../pages/challenge-page';
import { AuditPage, DirectorChallengePage, DirectorHomePage } from '../pages/director-pages';
import { ReplayPage } from '../pages/replay-page';
import { AppealsPage, CasePage, CasesPage } from '../pages/review-pages';
import { HomePage } from '../pages/home-page';
import { PlayerPage } from '../pages/player-page';
import { StandingsPage } from '../pages/standings-page';
import { MyGamesPage, MyRecordPage, NotificationsPage } from '../pages/me-pages';
import { TablePage } from '../pages/table-page';
import { HouseLobbyPage } from '../pages/house-lobby-page';
import { FilePage, WalletPage, WorkoutsPage } from '../pages/house-me-pages';
import { HouseTablePage } from '../pages/house-table-page';
import { Shell } from './shell';

/** Every page of the app: add a route here and a component under src/pages. */
export const routes = [
  {
    element: <Shell />,
    children: [
      { path: '/', element: <HomePage /> },
      { path: '/sign-in', element: <SignInPage /> },
      { path: '/sign-up', element: <SignUpPage /> },
      { path: '/challenges/:challengeId', element: <ChallengePage /> },
      { path: '/tables/:tableId', element: <TablePage /> },
      { path: '/cities/:cityId/standings', element: <StandingsPage /> },
      { path: '/players/:playerId', element: <PlayerPage /> },
      { path: '/director', element: <DirectorHomePage /> },
      { path: '/director/challenges/:challengeId', element: <DirectorChallengePage /> },
      { path: '/director/audit', element: <AuditPage /> },
      { path: '/review', element: <CasesPage /> },
      { path: '/review/cases/:caseId', element: <CasePage /> },
      { path: '/review/appeals', element: <AppealsPage /> },
      { path: '/review/games/:gameId', element: <ReplayPage /> },
      { path: '/me/games', element: <MyGamesPage /> },
      { path: '/me/notifications', element: <NotificationsPage /> },
      { path: '/me/record', element: <MyRecordPage /> },
      { path: '/house', element: <HouseLobbyPage /> },
      { path: '/house/tables/:tableId', element: <HouseTablePage /> },
      { path: '/me/wallet', element: <WalletPage /> },
      { path: '/me/file', element: <FilePage /> },
      { path: '/me/workouts', element: <WorkoutsPage /> },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];

const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 10_000,
      // A 4xx answer (not found, invalid id, forbidden) will not change by asking again.
      retry: (count, error) => !(error instanceof ApiError && error.status >= 400 && error.status < 500) && count < 2,
    },
  },
});

const router = createBrowserRouter(routes);

/**
 * A challenge page opened directly: its two reads start now, in parallel, while React mounts (the page's
 * hooks then find them in flight in the cache) rather than after the first render.
 */
const opened = /^\/challenges\/([0-9a-f-]{36})\/?$/i.exec(window.location.pathname);
if (opened) {
  void queryClient.prefetchQuery(challengeQuery(opened[1]));
  void queryClient.prefetchQuery(bracketQuery(opened[1]));
}

export function App() {
  return (
    <QueryClientProvider client={queryClient}>
      <AuthProvider>
        <Announcer>
          <RouterProvider router={router} />
        </Announcer>
      </AuthProvider>
    </QueryClientProvider>
  );
}
