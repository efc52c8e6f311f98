import { Injectable } from '@nestjs/common';
import { AppError } from '@dcs/common';
import { ChallengeFlowService } from '@dcs/tournament';
import type { AuthUser } from '../common/decorators';
import { VoiceRepository } from './voice.repository';
import { containerMatches, containerSpanMs, type ClipContainer } from './voice.rules';

/** The largest clip accepted (bytes): a minute of 16 kHz mono 16-bit WAV (the web app's clips) is 1,920,044; a minute of Opus well under it. */
export const VOICE_CLIP_MAX_BYTES = 2_000_000;
/** The longest clip accepted (ms): the last 60 seconds the reporter heard (SPEC 6). */
export const VOICE_CLIP_MAX_MS = 60_000;
/** Slack for the container's own length (a WebM/Ogg chunk boundary falls inside a second; a WAV's samples are exact). */
const CONTAINER_SLACK_MS = 2_000;
export const VOICE_CLIP_TYPES = ['audio/wav', 'audio/webm', 'audio/ogg'] as const satisfies readonly ClipContainer[];
type ClipType = (typeof VOICE_CLIP_TYPES)[number];

/**
 * The clip of voice attached to a report of voice conduct (SPEC 6): uploaded by the reporter's page
 * only when they report, checked (type, size, declared and contained length), kept with the report
 * only, and heard by staff only (docs/rules.md "Voice and team channels").
 */
@Injectable()
export class VoiceReportsService {
  constructor(
    private readonly repo: VoiceRepository,
    private readonly flow: ChallengeFlowService,
  ) {}

  async attach(user: AuthUser, reportId: string, contentType: string | undefined, durationMs: number, body: unknown) {
    const mime = (contentType ?? '').split(';')[0].trim().toLowerCase();
    if (!(VOICE_CLIP_TYPES as readonly string[]).includes(mime)) throw new AppError('VOICE_CLIP_TYPE', `A voice clip is ${VOICE_CLIP_TYPES.join(', ')} (PCM WAV, or Opus in WebM or Ogg; got ${JSON.stringify(mime || 'none')})`, { accepted: [...VOICE_CLIP_TYPES] });
    const bytes = Buffer.isBuffer(body) ? body : Buffer.alloc(0);
    if (bytes.length > VOICE_CLIP_MAX_BYTES) throw new AppError('VOICE_CLIP_TOO_LARGE', `A voice clip is at most ${VOICE_CLIP_MAX_BYTES} bytes (got ${bytes.length})`, { limit: VOICE_CLIP_MAX_BYTES });
    if (bytes.length === 0 || !containerMatches(mime as ClipType, bytes)) throw new AppError('VOICE_CLIP_TYPE', `The clip is not ${mime} audio${mime === 'audio/wav' ? ' (a RIFF/WAVE file of PCM samples: fmt, then data, whose declared size is the bytes that follow)' : ''}`, { accepted: [...VOICE_CLIP_TYPES] });
    if (durationMs > VOICE_CLIP_MAX_MS) throw new AppError('VOICE_CLIP_TOO_LONG', `A voice clip is the last ${VOICE_CLIP_MAX_MS / 1000} seconds at most (declared ${durationMs} ms)`, { limitMs: VOICE_CLIP_MAX_MS });
    const span = containerSpanMs(mime as ClipType, bytes);
    if (span !== null && span > VOICE_CLIP_MAX_MS + CONTAINER_SLACK_MS) throw new AppError('VOICE_CLIP_TOO_LONG', `A voice clip is the last ${VOICE_CLIP_MAX_MS / 1000} seconds at most (its audio spans ${span} ms)`, { limitMs: VOICE_CLIP_MAX_MS });
    const report = await this.repo.report(reportId);
    // Another player's report is not found for the caller (its existence is not told).
    if (!report || report.reporterId !== user.id) throw new AppError('NOT_FOUND', `Report ${reportId} not found`);
    if (report.category !== 'conduct' || !report.gameId) throw new AppError('VOICE_CLIP_NOT_ALLOWED', 'A voice clip goes with a conduct report about a game (category conduct, with its gameId)');
    if (report._count.voiceClips > 0) throw new AppError('VOICE_CLIP_EXISTS', 'This report has its clip already');
    const clip = await this.repo.addClip(reportId, { mime, durationMs, bytes });
    return { ...clip, createdAt: clip.createdAt.toISOString() };
  }

  /** Reports with their clips, for the conduct ledger and the review board: those whose clips the caller may hear (mayHear). */
  async list(caller: AuthUser) {
    const all = await this.repo.reportsWithClips();
    const challenges = await this.repo.challengesOfGames([...new Set(all.flatMap((r) => (r.gameId ? [r.gameId] : [])))]);
    const heard = await Promise.all(all.map((r) => this.mayHear(caller, r, (r.gameId && challenges.get(r.gameId)) || null).then(() => true, () => false)));
    const rows = all.filter((_, i) => heard[i]);
    const names = new Map((await this.repo.displayNames([...new Set(rows.flatMap((r) => [r.reporterId, r.subjectId]))])).map((u) => [u.id, u.displayName]));
    return rows.map((r) => ({
      reportId: r.id,
      reporter: { id: r.reporterId, displayName: names.get(r.reporterId) ?? '' },
      subject: { id: r.subjectId, displayName: names.get(r.subjectId) ?? '' },
      gameId: r.gameId,
      caseId: r.caseId,
      description: r.description,
      createdAt: r.createdAt.toISOString(),
      clips: r.voiceClips.map((c) => ({ id: c.id, mime: c.mime, durationMs: c.durationMs, sizeBytes: c.sizeBytes, createdAt: c.createdAt.toISOString() })),
    }));
  }

  async clip(caller: AuthUser, clipId: string): Promise<{ mime: string; bytes: Buffer }> {
    const c = await this.repo.clip(clipId);
    if (!c) throw new AppError('NOT_FOUND', `Clip ${clipId} not found`);
    const challengeId = c.report.gameId ? ((await this.repo.challengesOfGames([c.report.gameId])).get(c.report.gameId) ?? null) : null;
    await this.mayHear(caller, c.report, challengeId);
    return { mime: c.mime, bytes: Buffer.from(c.bytes) };
  }

  /**
   * Who hears a reported clip (docs/rules.md, "Voice and team channels"): the review board and admins; a
   * director only for a game of a challenge of their city that they do not play in (OWN_CHALLENGE,
   * NOT_YOUR_CITY), so never a house table's. Never the reporter or the reported player, whatever their roles.
   */
  private async mayHear(caller: AuthUser, report: { reporterId: string; subjectId: string }, challengeId: string | null): Promise<void> {
    if (caller.id === report.reporterId || caller.id === report.subjectId) {
      throw new AppError('FORBIDDEN', 'The reporter and the reported player do not hear a reported clip; the review board does');
    }
    if (caller.roles.includes('admin') || caller.roles.includes('reviewer')) return;
    if (!challengeId) throw new AppError('FORBIDDEN', 'A clip from a house table is heard by the review board and admins only');
    await this.repo.transaction((tx) => this.flow.assertMayDirect(tx, challengeId, caller.id));
  }
}
