import { Injectable } from '@nestjs/common';
import type { Notification } from '@dcs/db';
import { PrismaService } from '@dcs/common';

@Injectable()
export class NotificationsRepository {
  constructor(private readonly prisma: PrismaService) {}

  find(id: string): Promise<Notification | null> {
    return this.prisma.notification.findUnique({ where: { id } });
  }

  /** Newest first (ties by id); `after` is the last id of the previous page and must be the user's. */
  page(userId: string, limit: number, after?: string): Promise<Notification[]> {
    return this.prisma.notification.findMany({
      where: { userId },
      orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
      take: limit,
      ...(after ? { cursor: { id: after }, skip: 1 } : {}),
    });
  }

  unread(userId: string): Promise<number> {
    return this.prisma.notification.count({ where: { userId, readAt: null } });
  }

  /** Marks it read once; reading it again keeps the first time. */
  async markRead(id: string, userId: string, now: Date): Promise<Notification | null> {
    await this.prisma.notification.updateMany({ where: { id, userId, readAt: null }, data: { readAt: now } });
    return this.prisma.notification.findFirst({ where: { id, userId } });
  }
}
