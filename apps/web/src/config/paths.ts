/**
 * Every address of the app, once: `path` is the router's pattern (app/routes.tsx), `href(…)` builds a link
 * to it. Pages, links, navigations and public/boot.js's early reads all follow this table (a unit test,
 * test/unit/web-paths.spec.ts, checks every `href` against its `path` and boot.js against `preloaded`).
 */
export const paths = {
  home: { path: '/', href: () => '/' },
  signIn: { path: '/sign-in', href: () => '/sign-in' },
  signUp: { path: '/sign-up', href: () => '/sign-up' },
  challenge: { path: '/challenges/:challengeId', href: (challengeId: string) => `/challenges/${challengeId}` },
  table: { path: '/tables/:tableId', href: (tableId: string) => `/tables/${tableId}` },
  standings: {
    path: '/cities/:cityId/standings',
    href: (cityId: string, seasonId?: string) => `/cities/${cityId}/standings${seasonId ? `?season=${seasonId}` : ''}`,
  },
  player: { path: '/players/:playerId', href: (playerId: string) => `/players/${playerId}` },
  director: { path: '/director', href: () => '/director' },
  directorChallenge: { path: '/director/challenges/:challengeId', href: (challengeId: string) => `/director/challenges/${challengeId}` },
  audit: { path: '/director/audit', href: () => '/director/audit' },
  adminDirectors: { path: '/admin/directors', href: () => '/admin/directors' },
  cases: { path: '/review', href: () => '/review' },
  case: { path: '/review/cases/:caseId', href: (caseId: string) => `/review/cases/${caseId}` },
  appeals: { path: '/review/appeals', href: () => '/review/appeals' },
  voiceReports: { path: '/review/voice-reports', href: () => '/review/voice-reports' },
  /** a finished game's replay and post-game analysis (the API decides what each reader sees) */
  replay: { path: '/games/:gameId', href: (gameId: string) => `/games/${gameId}` },
  /** deals no one can steer: recompute a game's deals and moves in the browser (`?game=<id>`) */
  verify: { path: '/verify', href: (gameId?: string) => (gameId ? `/verify?game=${gameId}` : '/verify') },
  myGames: { path: '/me/games', href: () => '/me/games' },
  notifications: { path: '/me/notifications', href: () => '/me/notifications' },
  myRecord: { path: '/me/record', href: () => '/me/record' },
  house: { path: '/house', href: () => '/house' },
  houseTable: { path: '/house/tables/:tableId', href: (tableId: string) => `/house/tables/${tableId}` },
  wallet: { path: '/me/wallet', href: () => '/me/wallet' },
  file: { path: '/me/file', href: () => '/me/file' },
  workouts: { path: '/me/workouts', href: () => '/me/workouts' },
  forgotPassword: { path: '/forgot-password', href: () => '/forgot-password' },
  resetPassword: { path: '/reset-password', href: () => '/reset-password' },
  verifyEmail: { path: '/verify-email', href: () => '/verify-email' },
  confirmEmail: { path: '/confirm-email', href: () => '/confirm-email' },
  unsubscribe: { path: '/unsubscribe', href: () => '/unsubscribe' },
  notificationSettings: { path: '/me/settings/notifications', href: () => '/me/settings/notifications' },
  adminOutbox: { path: '/admin/outbox', href: () => '/admin/outbox' },
  /** the rules in force and what changed; a signed-in player accepts them here */
  rules: { path: '/rules', href: () => '/rules' },
  /** how the tournament game and the four house rulesets are played, with pictures (linked from /rules and the tables) */
  howToPlay: { path: '/how-to-play', href: () => '/how-to-play' },
  adminRules: { path: '/admin/rules', href: () => '/admin/rules' },
} as const;

export type PathName = keyof typeof paths;

/**
 * The page whose public reads public/boot.js starts before the app has loaded (a challenge page opened
 * directly): `paths.challenge` with its id a UUID. boot.js is not bundled, so it carries this expression
 * as a literal; the unit test keeps the two the same.
 */
export const preloaded = new RegExp(`^${paths.challenge.path.replace(':challengeId', '([0-9a-f-]{36})').replace(/\//g, '\\/')}\\/?$`, 'i');

/** The challenge id of a directly opened challenge page (see `preloaded`), or null. */
export function preloadedChallengeId(pathname: string): string | null {
  return preloaded.exec(pathname)?.[1] ?? null;
}
