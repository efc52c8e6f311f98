/** Voice (issue 29): the ICE servers, my mutes (they follow me to every table), reports of voice with their clip, and the staff's list. */
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../../../api/client';
import { keys } from '../../../api/keys';
import { useAuth } from '../../../auth/auth-context';

export const iceServersQuery = (token: string | null) =>
  // A TURN credential lasts TURN_TTL_SECONDS (10 min by default): read again well before.
  queryOptions({ queryKey: keys.voice.iceServers(token), enabled: token !== null, staleTime: 5 * 60_000, queryFn: () => unwrap(api.GET('/api/voice/ice-servers')) });

export const mutesQuery = (token: string | null) => queryOptions({ queryKey: keys.voice.mutes(token), enabled: token !== null, queryFn: () => unwrap(api.GET('/api/me/voice-mutes')) });

type VoiceMutes = Awaited<ReturnType<NonNullable<ReturnType<typeof mutesQuery>['queryFn']>>>;

export function useMutes() {
  const { token } = useAuth();
  return useQuery(mutesQuery(token));
}

export function useMuteActs() {
  const { token } = useAuth();
  const qc = useQueryClient();
  const done = (data: VoiceMutes) => qc.setQueryData(keys.voice.mutes(token), data);
  return {
    mute: useMutation({ mutationFn: (userId: string) => unwrap(api.PUT('/api/me/voice-mutes/{userId}', { params: { path: { userId } } })), onSuccess: done }),
    unmute: useMutation({ mutationFn: (userId: string) => unwrap(api.DELETE('/api/me/voice-mutes/{userId}', { params: { path: { userId } } })), onSuccess: done }),
  };
}

export interface VoiceReportInput {
  gameId: string;
  subjectId: string;
  description: string;
  clip: { blob: Blob; durationMs: number } | null;
}

/** A report of voice conduct (POST /reports, category conduct), then its clip: uploaded now, and only now. */
export function useReportVoice() {
  return useMutation({
    mutationFn: async ({ gameId, subjectId, description, clip }: VoiceReportInput) => {
      const report = await unwrap(api.POST('/api/reports', { body: { subjectId, gameId, category: 'conduct', description } }));
      if (!clip) return { report, clip: null };
      const stored = await unwrap(
        api.POST('/api/reports/{id}/voice-clip', {
          params: { path: { id: report.id }, query: { durationMs: Math.max(1, Math.round(clip.durationMs)) } },
          body: clip.blob as unknown as string,
          bodySerializer: (b: unknown) => b as Blob,
          headers: { 'Content-Type': clip.blob.type.split(';')[0] },
        }),
      );
      return { report, clip: stored };
    },
  });
}

/** Reports of voice conduct with their clips (staff: the conduct ledger and the review board). */
export function useVoiceReports() {
  return useQuery({ queryKey: keys.voice.reports, queryFn: () => unwrap(api.GET('/api/voice/reports')) });
}
