import { Injectable } from '@nestjs/common';
import { PrismaService } from '@dcs/common';

/** Where a session was seen: a sign-in or a socket connection. */
export type SessionSource = 'login' | 'socket';

/** The only writer of user_sessions (the linked-accounts and co-location evidence). */
@Injectable()
export class SessionsRepository {
  constructor(private readonly prisma: PrismaService) {}

  async record(data: { userId: string; fingerprintHash: string | null; ip: string | null; source: SessionSource }): Promise<void> {
    await this.prisma.userSession.create({ data });
  }
}
