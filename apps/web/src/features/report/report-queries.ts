/** A player's report of suspected cheating (POST /api/reports): it joins the player's open case, or opens one, in the review board's queue. */
import { useMutation } from '@tanstack/react-query';
import { api, unwrap } from '../../api/client';
import type { RequestBody } from '../../api/types';

export type ReportBody = RequestBody<'/api/reports', 'post'>;
export type SuspectKind = ReportBody['category'];

export const useFileReport = () => useMutation({ mutationFn: (body: ReportBody) => unwrap(api.POST('/api/reports', { body })) });
