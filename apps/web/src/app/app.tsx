import { lazy, type ComponentType } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { BrowserRouter, useRoutes } from 'react-router';
import { ApiError } from '../api/client';
import { bracketQuery, challengeQuery } from '../api/queries';
import { AuthProvider } from '../auth/auth-context';
import { Announcer } from '../components/announcer';
import { ChallengePage } from '../pages/challenge-page';
import { HomePage } from '../pages/home-page';
const HouseLobbyPage = page(() => import('../pages/house-lobby-page'), 'HouseLobbyPage');
const HouseTablePage = page(() => import('../pages/house-table-page'), 'HouseTablePage');
const WalletPage = page(() => import('../pages/house-me-pages'), 'WalletPage');
const FilePage = page(() => import('../pages/house-me-pages'), 'FilePage');
const WorkoutsPage = page(() => import('../pages/house-me-pages'), 'WorkoutsPage');
import { Shell } from './shell';

/**
 * A page loaded on first visit (its own chunk, React.lazy + dynamic import): only the public pages people
 * open most (the challenges and a challenge's bracket) are in the entry bundle; the staff consoles, the
 * live table and the rest download when navigated to, behind the Shell's Suspense fallback.
 */
function page<M extends Record<string, unknown>, K extends keyof M>(load: () => Promise<M>, name: K) {
  return lazy(async () => ({ default: (await load())[name] as ComponentType }));
}
const SignInPage = page(() => import('../pages/auth-pages'), 'SignInPage');
const SignUpPage = page(() => import('../pages/auth-pages'), 'SignUpPage');
const NotFoundPage = page(() => import('../pages/auth-pages'), 'NotFoundPage');
const TablePage = page(() => import('../pages/table-page'), 'TablePage');
const StandingsPage = page(() => import('../pages/standings-page'), 'StandingsPage');
const PlayerPage = page(() => import('../pages/player-page'), 'PlayerPage');
const DirectorHomePage = page(() => import('../pages/director-pages'), 'DirectorHomePage');
const DirectorChallengePage = page(() => import('../pages/director-pages'), 'DirectorChallengePage');
const AuditPage = page(() => import('../pages/director-pages'), 'AuditPage');
const AdminDirectorsPage = page(() => import('../pages/admin-directors-page'), 'AdminDirectorsPage');
const CasesPage = page(() => import('../pages/review-pages'), 'CasesPage');
const CasePage = page(() => import('../pages/review-pages'), 'CasePage');
const AppealsPage = page(() => import('../pages/review-pages'), 'AppealsPage');
const ReplayPage = page(() => import('../pages/replay-page'), 'ReplayPage');
const MyGamesPage = page(() => import('../pages/me-pages'), 'MyGamesPage');
const NotificationsPage = page(() => import('../pages/me-pages'), 'NotificationsPage');
const MyRecordPage = page(() => import('../pages/me-pages'), 'MyRecordPage');
const ForgotPasswordPage = page(() => import('../features/account-recovery/pages'), 'ForgotPasswordPage');
const ResetPasswordPage = page(() => import('../features/account-recovery/pages'), 'ResetPasswordPage');
const VerifyEmailPage = page(() => import('../features/account-recovery/pages'), 'VerifyEmailPage');
const ConfirmEmailPage = page(() => import('../features/account-recovery/pages'), 'ConfirmEmailPage');
const UnsubscribePage = page(() => import('../features/account-recovery/pages'), 'UnsubscribePage');
const NotificationSettingsPage = page(() => import('../features/notifications-settings/settings-page'), 'NotificationSettingsPage');
const OutboxPage = page(() => import('../features/admin-outbox/outbox-page'), 'OutboxPage');

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
      { path: '/admin/directors', element: <AdminDirectorsPage /> },
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
      { path: '/forgot-password', element: <ForgotPasswordPage /> },
      { path: '/reset-password', element: <ResetPasswordPage /> },
      { path: '/verify-email', element: <VerifyEmailPage /> },
      { path: '/confirm-email', element: <ConfirmEmailPage /> },
      { path: '/unsubscribe', element: <UnsubscribePage /> },
      { path: '/me/settings/notifications', element: <NotificationSettingsPage /> },
      { path: '/admin/outbox', element: <OutboxPage /> },
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
          <BrowserRouter>
            <Routes />
          </BrowserRouter>
        </Announcer>
      </AuthProvider>
    </QueryClientProvider>
  );
}
