/** The review board: the case queue, a case and its work, the appeals, decisions, and a game's replay. */
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../../../api/client';
import { keys } from '../../../api/keys';
import { definedOnly } from '../../../api/query-params';
import { isBoardState, type GameReplay, type QueryParams, type RequestBody, type Schemas } from '../../../api/types';

export type CasesQuery = QueryParams<'/api/integrity/cases'>;
export type AppealsQuery = QueryParams<'/api/integrity/appeals'>;
export type Finding = Schemas['DecideCaseDto']['finding'];
export type AppealOutcome = Schemas['DecideAppealDto']['outcome'];
export type ReducedTo = NonNullable<Schemas['DecideAppealDto']['reducedTo']>;

export const casesQuery = (q: CasesQuery) => {
  const query = definedOnly(q);
  return queryOptions({ queryKey: keys.review.caseList(query), queryFn: () => unwrap(api.GET('/api/integrity/cases', { params: { query } })) });
};
export const caseQuery = (id: string) => queryOptions({ queryKey: keys.review.case(id), queryFn: () => unwrap(api.GET('/api/integrity/cases/{id}', { params: { path: { id } } })) });
export const appealsQuery = (q: AppealsQuery) => {
  const query = definedOnly(q);
  return queryOptions({ queryKey: keys.review.appealList(query), queryFn: () => unwrap(api.GET('/api/integrity/appeals', { params: { query } })) });
};

/** A finished game's positions; each step's board (free JSON in the document) checked to be the engine's BoardState. */
export const replayQuery = (gameId: string) =>
  queryOptions({
    queryKey: keys.review.replay(gameId),
    queryFn: async (): Promise<GameReplay> => {
      const replay = await unwrap(api.GET('/api/games/{id}/replay', { params: { path: { id: gameId } } }));
      return { ...replay, steps: replay.steps.map((s) => ({ ...s, board: isBoardState(s.board) ? s.board : null })) };
    },
    staleTime: Infinity,
  });

export const useCases = (q: CasesQuery) => useQuery({ ...casesQuery(q), placeholderData: (prev) => prev });
export const useCase = (id: string) => useQuery(caseQuery(id));
export const useAppeals = (q: AppealsQuery) => useQuery(appealsQuery(q));
export const useReplay = (gameId: string) => useQuery(replayQuery(gameId));

/** A case's working acts: assign it, add a note, add evidence (a video request or an attachment); the case is refetched after each. */
export function useCaseWork(caseId: string) {
  const qc = useQueryClient();
  const done = () => {
    void qc.invalidateQueries({ queryKey: keys.review.case(caseId) });
    void qc.invalidateQueries({ queryKey: keys.review.cases });
  };
  const path = { params: { path: { id: caseId } } };
  return {
    assign: useMutation({ mutationFn: (reviewerId: string) => unwrap(api.POST('/api/integrity/cases/{id}/assign', { ...path, body: { reviewerId } })), onSuccess: done }),
    note: useMutation({ mutationFn: (body: string) => unwrap(api.POST('/api/integrity/cases/{id}/notes', { ...path, body: { body } })), onSuccess: done }),
    evidence: useMutation({ mutationFn: (body: RequestBody<'/api/integrity/cases/{id}/evidence', 'post'>) => unwrap(api.POST('/api/integrity/cases/{id}/evidence', { ...path, body })), onSuccess: done }),
  };
}

/** The review board's decisions: a case's finding for one player, an appeal's outcome. */
export function useBoardDecisions() {
  const qc = useQueryClient();
  const done = () => {
    void qc.invalidateQueries({ queryKey: keys.review.caseAll });
    void qc.invalidateQueries({ queryKey: keys.review.cases });
    void qc.invalidateQueries({ queryKey: keys.review.appeals });
  };
  return {
    decideCase: useMutation({
      mutationFn: ({ caseId, ...body }: { caseId: string } & RequestBody<'/api/integrity/cases/{id}/decisions', 'post'>) =>
        unwrap(api.POST('/api/integrity/cases/{id}/decisions', { params: { path: { id: caseId } }, body })),
      onSuccess: done,
    }),
    decideAppeal: useMutation({
      mutationFn: ({ appealId, ...body }: { appealId: string } & RequestBody<'/api/integrity/appeals/{id}/decision', 'post'>) =>
        unwrap(api.POST('/api/integrity/appeals/{id}/decision', { params: { path: { id: appealId } }, body })),
      onSuccess: done,
    }),
  };
}

/** Players by a part of their name (2 characters at least), for a case opened by hand. */
export const usePlayerSearch = (q: string) =>
  useQuery({
    queryKey: keys.review.players(q),
    queryFn: () => unwrap(api.GET('/api/integrity/players', { params: { query: { q } } })),
    enabled: q.length >= 2,
    placeholderData: (prev) => prev,
  });

/** A player's latest challenge games, to choose a case's games from. */
export const usePlayerGames = (playerId: string | null) =>
  useQuery({
    queryKey: keys.review.playerGames(playerId ?? ''),
    queryFn: () => unwrap(api.GET('/api/integrity/players/{id}/games', { params: { path: { id: playerId ?? '' } } })),
    enabled: playerId !== null,
  });

/** A reviewer opens a case by hand; the queue is refetched. */
export function useOpenCase() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: RequestBody<'/api/integrity/cases', 'post'>) => unwrap(api.POST('/api/integrity/cases', { body })),
    onSuccess: () => qc.invalidateQueries({ queryKey: keys.review.cases }),
  });
}
