/**
 * A small client of the main operations, written against the generated types
 * (apps/web/src/api/schema.d.ts, `npm run api:types`) with openapi-fetch — what the web app and
 * any other TypeScript client do. `npm run typecheck` compiles it; test/contract.e2e-spec.ts
 * compiles it again against types freshly generated from the running app's document and runs
 * it against the API. A response type that lost its fields (e.g. an operation without a declared
 * body) fails to compile here.
 */
import createClient from 'openapi-fetch';
import type { components, paths } from '../../apps/web/src/api/schema';

export type Bracket = components['schemas']['BracketDto'];
export type GameView = components['schemas']['GameViewResponseDto'];
export type ErrorBody = components['schemas']['ErrorResponseDto'];

export interface Walkthrough {
  displayName: string;
  cities: number;
  challengeStatus: string;
  bracketRounds: number;
  firstSeat: string | null;
  tableRound: number | null;
  gameStatus: string;
  standingsTotal: number;
  notFoundCode: string | null;
}

export async function walkthrough(baseUrl: string, ids: { email: string; password: string; challengeId: string; tableId: string; gameId: string; cityId: string; seasonId: string }, fetchImpl?: typeof fetch): Promise<Walkthrough> {
  const client = createClient<paths>({ baseUrl, ...(fetchImpl ? { fetch: fetchImpl } : {}) });

  const login = await client.POST('/api/auth/login', { body: { email: ids.email, password: ids.password } });
  if (!login.data) throw new Error(`login: ${login.error?.code ?? login.response.status}`);
  const token: string = login.data.accessToken;
  const auth = { headers: { Authorization: `Bearer ${token}` } };

  const me = await client.GET('/api/me', auth);
  const cities = await client.GET('/api/cities');
  const challenge = await client.GET('/api/challenges/{id}', { params: { path: { id: ids.challengeId } } });
  const bracket = await client.GET('/api/challenges/{id}/bracket', { params: { path: { id: ids.challengeId } } });
  const table = await client.GET('/api/tables/{id}', { params: { path: { id: ids.tableId } } });
  const game = await client.GET('/api/games/{id}/view', { params: { path: { id: ids.gameId } }, ...auth });
  const standings = await client.GET('/api/cities/{cityId}/seasons/{seasonId}/standings', { params: { path: { cityId: ids.cityId, seasonId: ids.seasonId }, query: { page: 1, pageSize: 10 } } });
  const missing = await client.GET('/api/tables/{id}', { params: { path: { id: '00000000-0000-4000-8000-000000000000' } } });

  const rounds: Bracket['rounds'] = bracket.data?.rounds ?? [];
  const seat = rounds[0]?.tables[0]?.seats[0];
  const view: GameView | undefined = game.data;
  // @ts-expect-error a declared body is typed: a field that does not exist is a compile error
  void bracket.data?.roundz;
  const notFound: ErrorBody | undefined = missing.error;
  return {
    displayName: me.data?.displayName ?? '',
    cities: cities.data?.length ?? 0,
    challengeStatus: challenge.data?.status ?? '',
    bracketRounds: rounds.length,
    firstSeat: seat ? `${seat.seat}:${seat.displayName}` : null,
    tableRound: table.data?.round ?? null,
    gameStatus: view?.status ?? '',
    standingsTotal: standings.data?.total ?? -1,
    notFoundCode: notFound?.code ?? null,
  };
}
