import { Inject, Injectable, Logger } from '@nestjs/common';
import type Redis from 'ioredis';
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { AccountTokenPurpose, User } from '@dcs/db';
import { AppConfig, AppError, Clock, hashPassword, notFound, RateLimitedError, REDIS, verifyPassword } from '@dcs/common';
import { accountMail, accountNotice, AccountTokensRepository, HouseService, LiveEmitter, mailDomain, sessionsChanged } from '@dcs/tournament';
import { AuthUser } from '../common/decorators';
import { RedisThrottlerStorage } from '../auth/redis-throttler.storage';
import { CredentialLimiter } from '../auth/credential-limiter';
import { acceptMailAddress } from '../auth/mail-address';
import { UsersRepository } from '../users/users.repository';
import { AccountRecoveryRepository } from './account-recovery.repository';
import { AccountMailProducer } from './account-mail.producer';
import { AfterAnswer } from './after-answer';
import { AcceptedDto, ChangeEmailDto, ResetPasswordDto } from './account-recovery.dto';
import { UserResponseDto } from '../users/users.dto';

/** How long each link works: a reset is short (whoever reads the mailbox later must not find a live one). */
const EXPIRES_MINUTES: Record<AccountTokenPurpose, number> = { verify_email: 48 * 60, reset_password: 30, change_email: 24 * 60 };

export const hashToken = (secret: string): string => createHash('sha256').update(secret).digest('hex');

const RESET_ANSWER: AcceptedDto = { accepted: true, message: 'If an account has this address, a link to reset its password is on its way. It works once, for 30 minutes.' };

/** The same whether the new address is free, taken or has had its fill of mail (docs/rules.md, "Accounts and e-mail"). */
const CHANGE_ANSWER: AcceptedDto = {
  accepted: true,
  message: 'A message is on its way to the new address (unless it got too many from the platform in the last hour): open its link to make it your address. Until then your address stays the same.',
};

/** The mailbox an address reaches, for counting what it receives: lower case, without a `+tag` ("ana+1@x" is "ana@x"). */
const mailbox = (email: string): string => email.toLowerCase().replace(/\+[^@]*@/, '@');

/**
 * E-mail verification, password reset by e-mailed link, and change of address confirmed at the new
 * address (docs/rules.md, "Accounts and e-mail"). Links carry a 32-byte secret; only its SHA-256 is stored.
 */
@Injectable()
export class AccountRecoveryService {
  private readonly logger = new Logger(AccountRecoveryService.name);
  private readonly store: RedisThrottlerStorage;

  constructor(
    @Inject(REDIS) redis: Redis,
    private readonly config: AppConfig,
    private readonly clock: Clock,
    private readonly tokens: AccountTokensRepository,
    private readonly accounts: AccountRecoveryRepository,
    private readonly users: UsersRepository,
    private readonly mail: AccountMailProducer,
    private readonly limiter: CredentialLimiter,
    private readonly live: LiveEmitter,
    private readonly house: HouseService,
    private readonly later: AfterAnswer,
  ) {
    this.store = new RedisThrottlerStorage(redis, config);
  }

  /**
   * Sends the sign-up's verification link. A mail that cannot be queued (Redis down) never fails the
   * sign-up: the player asks for another from the settings page.
   */
  async onSignUp(user: User): Promise<void> {
    try {
      await this.issue(user, 'verify_email', user.email);
    } catch (err) {
      this.logger.warn(`verification mail for ${user.id} not queued: ${(err as Error).message}`);
    }
  }

  /** Another verification link for the caller's current address (rate limited per account and per client address). */
  async requestVerification(caller: AuthUser, ip: string): Promise<AcceptedDto> {
    const user = await this.users.findById(caller.id);
    if (!user) throw notFound('User', caller.id);
    if (user.emailVerifiedAt) throw new AppError('EMAIL_ALREADY_VERIFIED', 'This address is already confirmed');
    await this.count('verify', user.id, ip);
    await this.issue(user, 'verify_email', user.email);
    return { accepted: true, message: `A link to confirm ${user.email} is on its way. It works once, for 48 hours.` };
  }

  async verify(secret: string): Promise<UserResponseDto> {
    const user = this.orThrow(await this.accounts.verifyEmail(hashToken(secret), this.clock.now()));
    await this.addressVerified(user);
    return UserResponseDto.from(user);
  }

  /**
   * Always the same answer, whether or not an account has the address, and in the same time: the counts per
   * address asked and per client address come first either way, and looking the address up and mailing the
   * link happen after the answer (AfterAnswer).
   */
  async requestReset(email: string, ip: string): Promise<AcceptedDto> {
    acceptMailAddress(email, 'email');
    await this.count('reset', email.toLowerCase(), ip);
    this.later.run('password-reset mail', () => this.mailReset(email, ip));
    return RESET_ANSWER;
  }

  /** After the answer: a reset link to the account with the address, if one has it (counted per account too: over that count, nothing is sent). */
  private async mailReset(email: string, ip: string): Promise<void> {
    const user = await this.users.findByEmail(email);
    if (!user || user.status === 'banned') return;
    if (await this.over('reset-account', user.id, ip)) return this.logger.log(`reset link for ${user.id} not sent: over its count`);
    await this.issue(user, 'reset_password', user.email);
  }

  /**
   * Sets the new password from a reset link: every token of the account stops working (its open sockets
   * are told `auth:revoked` and closed, as for "sign out everywhere"), every other link is revoked.
   */
  async reset(dto: ResetPasswordDto): Promise<{ ok: true }> {
    const passwordHash = await hashPassword(dto.password);
    const user = this.orThrow(await this.accounts.resetPassword(hashToken(dto.token), passwordHash, this.clock.now()));
    await this.live.sessionsChanged(sessionsChanged(user));
    await this.addressVerified(user);
    return { ok: true };
  }

  /**
   * Sends a link to the new address; the account's address changes only when it is opened there. The answer
   * is the same whether the address is free or has an account (whose owner is told instead, AfterAnswer), and
   * the counts per account and client address come before either.
   */
  async requestEmailChange(caller: AuthUser, dto: ChangeEmailDto, ip: string): Promise<AcceptedDto> {
    acceptMailAddress(dto.newEmail, 'newEmail');
    await this.limiter.attempt(ip, caller.email);
    const user = await this.users.findById(caller.id);
    if (!user) throw notFound('User', caller.id);
    const ok = await verifyPassword(user.passwordHash, dto.currentPassword);
    if (!ok) throw new AppError('WRONG_PASSWORD', 'The current password is wrong');
    const to = dto.newEmail.toLowerCase();
    if (to === user.email) throw new AppError('EMAIL_UNCHANGED', 'This is already your address', [{ field: 'newEmail', problems: ['is the current address'] }]);
    await this.count('change', user.id, ip);
    this.later.run('change-of-address mail', () => this.mailChange(user, to));
    return CHANGE_ANSWER;
  }

  /**
   * After the answer: a link to a free address, or to a taken one a notice that nothing changed (in its owner's
   * language). Either is counted against the address whoever asks (ACCOUNT_MAIL_RATE_LIMIT_PER_TARGET: three
   * accounts cannot fill one mailbox); beyond it nothing is sent.
   */
  private async mailChange(user: User, to: string): Promise<void> {
    const windowMs = this.config.ACCOUNT_MAIL_RATE_WINDOW_SECONDS * 1000;
    const target = await this.store.increment(mailbox(to), windowMs, this.config.ACCOUNT_MAIL_RATE_LIMIT_PER_TARGET, windowMs, 'account-mail-target');
    if (target.isBlocked) return this.logger.log(`change-of-address mail of ${user.id} not sent: the address had its fill`);
    const owner = await this.users.findByEmail(to);
    if (!owner) return this.issue(user, 'change_email', to);
    await this.mail.send(accountNotice('email_in_use', { to, id: randomUUID(), publicUrl: this.config.PUBLIC_URL, mailDomain: mailDomain(this.config.MAIL_FROM), language: owner.locale }));
  }

  /** The new address replaces the old one, and the old address is told (in the account's language): a change nobody there made is seen. */
  async confirmEmailChange(secret: string): Promise<UserResponseDto> {
    const { user, oldEmail, tokenId } = this.orThrow(await this.accounts.changeEmail(hashToken(secret), this.clock.now()));
    try {
      await this.mail.send(accountNotice('email_changed', { to: oldEmail, id: tokenId, newEmail: user.email, publicUrl: this.config.PUBLIC_URL, mailDomain: mailDomain(this.config.MAIL_FROM), language: user.locale }));
    } catch (err) {
      this.logger.error(`notice of ${user.id}'s change of address to the old address not queued: ${(err as Error).message}`);
    }
    await this.addressVerified(user);
    return UserResponseDto.from(user);
  }

  /**
   * A link proved the address (a verification, a reset, a change of address): the welcome grant held for a
   * verified address is paid now if the account's games were already played (docs/rules.md, "The welcome
   * grant"; once: HouseService). A failure here never undoes the verification: the settlement of the account's
   * next counted game pays it then.
   */
  private async addressVerified(user: Pick<User, 'id'>): Promise<void> {
    try {
      await this.house.welcomeOnVerified(user.id);
    } catch (err) {
      this.logger.warn(`welcome grant of ${user.id} not checked after verification: ${(err as Error).message}`);
    }
  }

  private orThrow<T>(r: T | 'unknown' | 'used' | 'expired' | 'email_taken'): T {
    switch (r) {
      case 'unknown':
        throw new AppError('TOKEN_UNKNOWN', 'This link is not valid: copy the whole link from the e-mail, or ask for a new one');
      case 'used':
        throw new AppError('TOKEN_USED', 'This link was already used or replaced by a newer one; ask for a new one if you need it');
      case 'expired':
        throw new AppError('TOKEN_EXPIRED', 'This link has expired; ask for a new one');
      case 'email_taken':
        throw new AppError('EMAIL_TAKEN', 'An account with this email already exists');
      default:
        return r;
    }
  }

  private async issue(user: User, purpose: AccountTokenPurpose, to: string): Promise<void> {
    const secret = randomBytes(32).toString('base64url');
    const now = this.clock.now();
    const minutes = EXPIRES_MINUTES[purpose];
    const token = await this.tokens.issue({ userId: user.id, purpose, tokenHash: hashToken(secret), email: to, expiresAt: new Date(now.getTime() + minutes * 60_000), now });
    await this.mail.send(accountMail(purpose, { to, secret, tokenId: token.id, expiresMinutes: minutes, publicUrl: this.config.PUBLIC_URL, mailDomain: mailDomain(this.config.MAIL_FROM), language: user.locale }));
  }

  /** Counts one account mail per `subject` (an address asked for, an account) and per client address; RATE_LIMITED over either. */
  private async count(what: string, subject: string, ip: string): Promise<void> {
    const wait = await this.over(what, subject, ip);
    if (wait) throw new RateLimitedError(wait, `Too many e-mails asked for; try again in ${Math.ceil(wait / 60)} minute(s)`);
  }

  /** Counts one account mail as `count` does; the seconds until it may be sent again (0: it may be sent now). */
  private async over(what: string, subject: string, ip: string): Promise<number> {
    const windowMs = this.config.ACCOUNT_MAIL_RATE_WINDOW_SECONDS * 1000;
    const limit = this.config.ACCOUNT_MAIL_RATE_LIMIT;
    const results = await Promise.all([
      this.store.increment(subject, windowMs, limit, windowMs, `account-mail-${what}`),
      this.store.increment(ip, windowMs, this.config.ACCOUNT_MAIL_RATE_LIMIT_PER_ADDRESS, windowMs, 'account-mail-address'),
    ]);
    const blocked = results.filter((r) => r.isBlocked);
    return blocked.length ? Math.max(1, ...blocked.map((r) => r.timeToBlockExpire)) : 0;
  }
}
