import { Injectable } from '@nestjs/common';
import { AppError, notFound } from '@dcs/common';
import { AuthUser } from '../common/decorators';
import { NotificationDto, NotificationPageDto, NotificationsQueryDto } from './notifications.dto';
import { NotificationsRepository } from '@dcs/tournament';

@Injectable()
export class NotificationsService {
  constructor(private readonly repo: NotificationsRepository) {}

  async list(user: AuthUser, q: NotificationsQueryDto): Promise<NotificationPageDto> {
    const limit = q.limit ?? 20;
    if (q.after) {
      const cursor = await this.repo.find(q.after);
      // Someone else's id as a cursor would reveal nothing, but it is a client bug worth naming.
      if (!cursor || cursor.userId !== user.id) throw new AppError('INVALID_CURSOR', '`after` is not one of your notifications');
    }
    const [items, unread] = await Promise.all([this.repo.page(user.id, limit + 1, q.after), this.repo.unread(user.id)]);
    const page = items.slice(0, limit);
    return { items: page.map(NotificationDto.from), unread, next: items.length > limit ? page[page.length - 1].id : null };
  }

  async read(user: AuthUser, id: string): Promise<NotificationDto> {
    const n = await this.repo.markRead(id, user.id, new Date());
    if (!n) throw notFound('Notification', id);
    return NotificationDto.from(n);
  }
}
