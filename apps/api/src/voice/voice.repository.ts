import { Injectable } from '@nestjs/common';
import { PrismaService, type Tx } from '@dcs/common';
import { runningTournamentGameOf } from '@dcs/tournament';
import type { VoiceTable } from './voice.rules';

/** Voice's rows: the players' mutes (voice_mutes) and the clips attached to reports of voice conduct (voice_clips); and a game's table as voice sees it. */
@Injectable()
export class VoiceRepository {
  constructor(private readonly prisma: PrismaService) {}

  /** The game's table: a tournament table or a house table (its purpose, teams and people); null: no such game. */
  async table(gameId: string): Promise<VoiceTable | null> {
    const g = await this.prisma.game.findUnique({
      where: { id: gameId },
      select: {
        table: { select: { seats: { select: { userId: true, seat: true } } } },
        houseTable: { select: { partners: true, purpose: true, seatsTaken: { select: { userId: true, seat: true } } } },
      },
    });
    if (!g) return null;
    if (g.houseTable) {
      const seats = g.houseTable.seatsTaken.filter((s): s is { userId: string; seat: number } => s.userId !== null);
      return { kind: 'house', partners: g.houseTable.partners, purpose: g.houseTable.purpose, seats };
    }
    return { kind: 'tournament', seats: g.table?.seats ?? [] };
  }

  /** The unfinished challenge game the user is seated at (their tournament game is running), or null. */
  tournamentGameOf(userId: string): Promise<string | null> {
    return runningTournamentGameOf(this.prisma, userId);
  }

  mutes(userId: string) {
    return this.prisma.voiceMute.findMany({ where: { userId }, orderBy: { createdAt: 'asc' }, select: { mutedUserId: true, createdAt: true, muted: { select: { displayName: true } } } });
  }

  userExists(userId: string): Promise<boolean> {
    return this.prisma.user.count({ where: { id: userId } }).then((n) => n > 0);
  }

  /** Idempotent: muting again keeps the first mute. */
  async mute(userId: string, mutedUserId: string): Promise<void> {
    await this.prisma.voiceMute.upsert({ where: { userId_mutedUserId: { userId, mutedUserId } }, create: { userId, mutedUserId }, update: {} });
  }

  async unmute(userId: string, mutedUserId: string): Promise<void> {
    await this.prisma.voiceMute.deleteMany({ where: { userId, mutedUserId } });
  }

  /** Of `userIds`, those who muted `speaker`. */
  async mutedBy(speaker: string, userIds: string[]): Promise<Set<string>> {
    const rows = await this.prisma.voiceMute.findMany({ where: { mutedUserId: speaker, userId: { in: userIds } }, select: { userId: true } });
    return new Set(rows.map((r) => r.userId));
  }

  report(reportId: string) {
    return this.prisma.integrityReport.findUnique({ where: { id: reportId }, select: { id: true, reporterId: true, subjectId: true, gameId: true, category: true, _count: { select: { voiceClips: true } } } });
  }

  addClip(reportId: string, clip: { mime: string; durationMs: number; bytes: Buffer }) {
    return this.prisma.voiceClip.create({
      data: { reportId, mime: clip.mime, durationMs: clip.durationMs, sizeBytes: clip.bytes.length, bytes: new Uint8Array(clip.bytes) },
      select: { id: true, reportId: true, mime: true, durationMs: true, sizeBytes: true, createdAt: true },
    });
  }

  /** A clip with its report's people and game. */
  clip(clipId: string) {
    return this.prisma.voiceClip.findUnique({ where: { id: clipId }, include: { report: { select: { reporterId: true, subjectId: true, gameId: true } } } });
  }

  /** The challenge of each of these games that is played at a challenge table (a house table's game has none). */
  async challengesOfGames(gameIds: string[]): Promise<Map<string, string>> {
    const games = await this.prisma.game.findMany({ where: { id: { in: gameIds }, tableId: { not: null } }, select: { id: true, table: { select: { challengeId: true } } } });
    return new Map(games.flatMap((g) => (g.table ? [[g.id, g.table.challengeId] as const] : [])));
  }

  transaction<T>(fn: (tx: Tx) => Promise<T>): Promise<T> {
    return this.prisma.$transaction(fn);
  }

  /** Reports of voice conduct with their clips (metadata), newest first: the conduct ledger's and the review board's view. */
  reportsWithClips(limit = 200) {
    return this.prisma.integrityReport.findMany({
      where: { voiceClips: { some: {} } },
      orderBy: { updatedAt: 'desc' },
      take: limit,
      select: {
        id: true,
        reporterId: true,
        subjectId: true,
        gameId: true,
        caseId: true,
        description: true,
        createdAt: true,
        voiceClips: { orderBy: { createdAt: 'asc' }, select: { id: true, mime: true, durationMs: true, sizeBytes: true, createdAt: true } },
      },
    });
  }

  displayNames(ids: string[]) {
    return this.prisma.user.findMany({ where: { id: { in: ids } }, select: { id: true, displayName: true } });
  }
}
