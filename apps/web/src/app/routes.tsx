import { lazy, type ComponentType } from 'react';
import { paths } from '../config/paths';
import { ChallengePage } from '../features/challenges/pages/challenge-page';
import { HomePage } from '../features/challenges/pages/home-page';
import { Shell } from './shell';

/**
 * A page loaded on first visit (its own chunk, React.lazy + dynamic import): only the public pages people
 * open most (the challenges and a challenge's bracket) are in the entry bundle; the staff consoles, the
 * live table and the rest download when navigated to, behind the Shell's Suspense fallback.
 */
function page<M extends Record<string, unknown>, K extends keyof M>(load: () => Promise<M>, name: K) {
  return lazy(async () => ({ default: (await load())[name] as ComponentType }));
}
const SignInPage = page(() => import('../features/auth/pages/sign-in-page'), 'SignInPage');
const SignUpPage = page(() => import('../features/auth/pages/sign-up-page'), 'SignUpPage');
const NotFoundPage = page(() => import('./not-found-page'), 'NotFoundPage');
const TablePage = page(() => import('../features/live-table/pages/table-page'), 'TablePage');
const StandingsPage = page(() => import('../features/standings/pages/standings-page'), 'StandingsPage');
const PlayerPage = page(() => import('../features/players/pages/player-page'), 'PlayerPage');
const DirectorHomePage = page(() => import('../features/director/pages/director-home-page'), 'DirectorHomePage');
const DirectorChallengePage = page(() => import('../features/director/pages/director-challenge-page'), 'DirectorChallengePage');
const AuditPage = page(() => import('../features/director/pages/audit-page'), 'AuditPage');
const AdminDirectorsPage = page(() => import('../features/admin/pages/admin-directors-page'), 'AdminDirectorsPage');
const CasesPage = page(() => import('../features/review/pages/cases-page'), 'CasesPage');
const CasePage = page(() => import('../features/review/pages/case-page'), 'CasePage');
const AppealsPage = page(() => import('../features/review/pages/appeals-page'), 'AppealsPage');
const VoiceReportsPage = page(() => import('../features/voice/pages/voice-reports-page'), 'VoiceReportsPage');
const ReplayPage = page(() => import('../features/review/pages/replay-page'), 'ReplayPage');
const VerifyPage = page(() => import('../features/verify/pages/verify-page'), 'VerifyPage');
const MyGamesPage = page(() => import('../features/me/pages/my-games-page'), 'MyGamesPage');
const NotificationsPage = page(() => import('../features/me/pages/notifications-page'), 'NotificationsPage');
const MyRecordPage = page(() => import('../features/me/pages/my-record-page'), 'MyRecordPage');
const HouseLobbyPage = page(() => import('../features/house/pages/house-lobby-page'), 'HouseLobbyPage');
const HouseTablePage = page(() => import('../features/house/pages/house-table-page'), 'HouseTablePage');
const WalletPage = page(() => import('../features/house/pages/wallet-page'), 'WalletPage');
const FilePage = page(() => import('../features/house/pages/file-page'), 'FilePage');
const WorkoutsPage = page(() => import('../features/house/pages/workouts-page'), 'WorkoutsPage');
const ForgotPasswordPage = page(() => import('../features/account-recovery/pages'), 'ForgotPasswordPage');
const ResetPasswordPage = page(() => import('../features/account-recovery/pages'), 'ResetPasswordPage');
const VerifyEmailPage = page(() => import('../features/account-recovery/pages'), 'VerifyEmailPage');
const ConfirmEmailPage = page(() => import('../features/account-recovery/pages'), 'ConfirmEmailPage');
const UnsubscribePage = page(() => import('../features/account-recovery/pages'), 'UnsubscribePage');
const NotificationSettingsPage = page(() => import('../features/notifications-settings/settings-page'), 'NotificationSettingsPage');
const RulesPage = page(() => import('../features/rules/pages/rules-page'), 'RulesPage');
const HowToPlayPage = page(() => import('../features/how-to-play/pages/how-to-play-page'), 'HowToPlayPage');
const AdminRulesPage = page(() => import('../features/rules/pages/admin-rules-page'), 'AdminRulesPage');
const OutboxPage = page(() => import('../features/admin-outbox/outbox-page'), 'OutboxPage');

/** Every page of the app: its address in config/paths.ts, its component in features/<name>/pages. */
export const routes = [
  {
    element: <Shell />,
    children: [
      { path: paths.home.path, element: <HomePage /> },
      { path: paths.signIn.path, element: <SignInPage /> },
      { path: paths.signUp.path, element: <SignUpPage /> },
      { path: paths.challenge.path, element: <ChallengePage /> },
      { path: paths.table.path, element: <TablePage /> },
      { path: paths.standings.path, element: <StandingsPage /> },
      { path: paths.player.path, element: <PlayerPage /> },
      { path: paths.director.path, element: <DirectorHomePage /> },
      { path: paths.directorChallenge.path, element: <DirectorChallengePage /> },
      { path: paths.audit.path, element: <AuditPage /> },
      { path: paths.adminDirectors.path, element: <AdminDirectorsPage /> },
      { path: paths.cases.path, element: <CasesPage /> },
      { path: paths.case.path, element: <CasePage /> },
      { path: paths.appeals.path, element: <AppealsPage /> },
      { path: paths.voiceReports.path, element: <VoiceReportsPage /> },
      { path: paths.replay.path, element: <ReplayPage /> },
      { path: paths.verify.path, element: <VerifyPage /> },
      { path: paths.myGames.path, element: <MyGamesPage /> },
      { path: paths.notifications.path, element: <NotificationsPage /> },
      { path: paths.myRecord.path, element: <MyRecordPage /> },
      { path: paths.house.path, element: <HouseLobbyPage /> },
      { path: paths.houseTable.path, element: <HouseTablePage /> },
      { path: paths.wallet.path, element: <WalletPage /> },
      { path: paths.file.path, element: <FilePage /> },
      { path: paths.workouts.path, element: <WorkoutsPage /> },
      { path: paths.forgotPassword.path, element: <ForgotPasswordPage /> },
      { path: paths.resetPassword.path, element: <ResetPasswordPage /> },
      { path: paths.verifyEmail.path, element: <VerifyEmailPage /> },
      { path: paths.confirmEmail.path, element: <ConfirmEmailPage /> },
      { path: paths.unsubscribe.path, element: <UnsubscribePage /> },
      { path: paths.notificationSettings.path, element: <NotificationSettingsPage /> },
      { path: paths.adminOutbox.path, element: <OutboxPage /> },
      { path: paths.rules.path, element: <RulesPage /> },
      { path: paths.howToPlay.path, element: <HowToPlayPage /> },
      { path: paths.adminRules.path, element: <AdminRulesPage /> },
      // anything else
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];
