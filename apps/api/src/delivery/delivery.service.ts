import { Injectable } from '@nestjs/common';
import { AppConfig, AppError, isIanaTimeZone, notFound, OutboundGuard } from '@dcs/common';
import { DeliveriesRepository, DELIVERY_KINDS, DeliverySettingsRepository, PUSH_DEVICES_PER_USER, effectivePrefs, isDeliveryKind, type Prefs, validUnsubscribe } from '@dcs/tournament';
import { AuthUser } from '../common/decorators';
import { UsersRepository } from '../users/users.repository';
import { DeliverySettingsDto, DeviceDto, OutboxMessageDto, OutboxPageDto, SubscribePushDto, UnsubscribedDto, UnsubscribeQueryDto, UpdateDeliverySettingsDto } from './delivery.dto';

/** A player's delivery choices and devices, the one-click unsubscribe, the admins' outbox. */
@Injectable()
export class DeliveryApiService {
  constructor(
    private readonly config: AppConfig,
    private readonly settings: DeliverySettingsRepository,
    private readonly deliveries: DeliveriesRepository,
    private readonly users: UsersRepository,
    private readonly outbound: OutboundGuard,
  ) {}

  async get(caller: AuthUser): Promise<DeliverySettingsDto> {
    const [s, user] = await Promise.all([this.settings.find(caller.id), this.users.findById(caller.id)]);
    if (!user) throw notFound('User', caller.id);
    return {
      timeZone: s?.timeZone ?? null,
      quietStartMin: s?.quietStartMin ?? 0,
      quietEndMin: s?.quietEndMin ?? 0,
      sound: s?.sound ?? true,
      kinds: effectivePrefs((s?.prefs ?? {}) as Prefs),
      emailVerified: user.emailVerifiedAt !== null,
      vapidPublicKey: this.config.VAPID_PUBLIC_KEY,
    };
  }

  async update(caller: AuthUser, dto: UpdateDeliverySettingsDto): Promise<DeliverySettingsDto> {
    if (dto.timeZone && !isIanaTimeZone(dto.timeZone)) {
      throw new AppError('VALIDATION_FAILED', 'timeZone must be an IANA time zone such as Europe/Paris', [{ field: 'timeZone', problems: ['is not a known time zone'] }]);
    }
    const prefs = dto.kinds?.length
      ? Object.fromEntries(dto.kinds.map((k) => [k.kind, { ...(k.email !== undefined ? { email: k.email } : {}), ...(k.push !== undefined ? { push: k.push } : {}) }]))
      : undefined;
    await this.settings.save(caller.id, { timeZone: dto.timeZone, quietStartMin: dto.quietStartMin, quietEndMin: dto.quietEndMin, sound: dto.sound, prefs });
    return this.get(caller);
  }

  async devices(caller: AuthUser): Promise<DeviceDto[]> {
    return (await this.settings.devices(caller.id)).map(DeviceDto.from);
  }

  async subscribe(caller: AuthUser, dto: SubscribePushDto): Promise<DeviceDto> {
    const key = Buffer.from(dto.keys.p256dh, 'base64url');
    if (key.length !== 65 || key[0] !== 4) throw new AppError('VALIDATION_FAILED', 'keys.p256dh must be an uncompressed P-256 public key', [{ field: 'keys.p256dh', problems: ['is not a P-256 point'] }]);
    if (Buffer.from(dto.keys.auth, 'base64url').length !== 16) throw new AppError('VALIDATION_FAILED', 'keys.auth must be 16 bytes', [{ field: 'keys.auth', problems: ['is not 16 bytes'] }]);
    // The worker will connect to this URL: it must be a public push service's (docs/rules.md, "Outgoing requests").
    const refused = await this.outbound.problemNow(dto.endpoint);
    if (refused) {
      throw new AppError('PUSH_ENDPOINT_REFUSED', `This push endpoint is refused: ${refused}. An endpoint is a public push service's https:// URL on port 443`, [{ field: 'endpoint', problems: [refused] }]);
    }
    const label = (dto.label ?? '').slice(0, 100);
    return DeviceDto.from(await this.settings.subscribe(caller.id, { endpoint: dto.endpoint, p256dh: dto.keys.p256dh, auth: dto.keys.auth, label }, PUSH_DEVICES_PER_USER));
  }

  async unsubscribeDevice(caller: AuthUser, id: string): Promise<{ ok: true }> {
    if (!(await this.settings.unsubscribe(caller.id, id))) throw notFound('Device', id);
    return { ok: true };
  }

  /** RFC 8058 one-click: the signed link turns this kind off by e-mail; no sign-in needed, a forged link changes nothing. */
  async unsubscribe(q: UnsubscribeQueryDto): Promise<UnsubscribedDto> {
    if (!isDeliveryKind(q.k) || !validUnsubscribe(this.config.JWT_SECRET, q.u, q.k, q.s)) {
      throw new AppError('UNSUBSCRIBE_INVALID', 'This unsubscribe link is not valid; change your choices in your notification settings');
    }
    if (!(await this.users.findById(q.u))) throw new AppError('UNSUBSCRIBE_INVALID', 'This unsubscribe link is not valid; change your choices in your notification settings');
    await this.settings.turnOff(q.u, q.k, 'email');
    return { ok: true, kind: q.k, label: DELIVERY_KINDS[q.k].label };
  }

  async outbox(limit = 20, after?: string): Promise<OutboxPageDto> {
    const rows = await this.deliveries.outbox(limit + 1, after);
    const items = rows.slice(0, limit).map(OutboxMessageDto.from);
    return { items, next: rows.length > limit ? items[items.length - 1].id : null, mode: this.config.SMTP_URL ? 'smtp' : 'outbox' };
  }
}
