import { Injectable } from '@nestjs/common';
import { JwtService } from '@nestjs/jwt';
import { randomBytes } from 'node:crypto';
import type { User } from '@dcs/db';
import { AppConfig, AppError, Clock, hashPassword, notFound, verifyPassword } from '@dcs/common';
import { LiveEmitter, normaliseDisplayName, sessionsChanged, staffWordIn } from '@dcs/tournament';
import { TokenPayload } from '../common/auth.guard';
import { UserResponseDto } from '../users/users.dto';
import { UsersRepository } from '../users/users.repository';
import { AuthUser } from '../common/decorators';
import { ChangePasswordDto, LoginDto, RegisterDto, TokenResponseDto } from './auth.dto';
import { SessionCaptureService } from '../anticheat/session-capture.service';
import { CredentialLimiter } from './credential-limiter';
import { acceptMailAddress } from './mail-address';
import { AccountRecoveryService } from '../account-recovery/account-recovery.service';

@Injectable()
export class AuthService {
  // Verified against when the email is unknown, so a missing account takes as long
  // as a wrong password and the answer does not reveal which it was.
  private readonly dummyHash = hashPassword(randomBytes(16).toString('hex'));

  constructor(
    private readonly users: UsersRepository,
    private readonly jwt: JwtService,
    private readonly config: AppConfig,
    private readonly sessions: SessionCaptureService,
    private readonly limiter: CredentialLimiter,
    private readonly live: LiveEmitter,
    private readonly recovery: AccountRecoveryService,
    private readonly clock: Clock,
  ) {}

  /**
   * A new competitor account, counted per client address and per network before any work (RATE_LIMITED
   * beyond the limits). The display name is stored in its normal form and refused when it holds an
   * invisible, control or direction character, holds a word kept for staff (a sign-up is never staff), or
   * looks like a name someone has (docs/rules.md, "Display names"). A taken address is answered
   * EMAIL_TAKEN: a sign-up signs in at once, so it cannot answer alike for a taken address (docs/rules.md,
   * "Accounts and e-mail"); the counts per client address and network bound how many it can test.
   */
  async register(dto: RegisterDto, ip: string): Promise<TokenResponseDto> {
    acceptMailAddress(dto.email, 'email');
    await this.limiter.registration(ip);
    const name = normaliseDisplayName(dto.displayName);
    if (!name.ok) throw new AppError('DISPLAY_NAME_INVALID', name.problem, [{ field: 'displayName', problems: [name.problem] }]);
    const staffWord = staffWordIn(name.name);
    if (staffWord) {
      throw new AppError('DISPLAY_NAME_TAKEN', `This display name holds "${staffWord}" (or a look-alike of it), a word kept for staff accounts; choose another`, [
        { field: 'displayName', problems: [`holds the staff word "${staffWord}"`] },
      ]);
    }
    if (await this.users.nameTaken(name.name)) throw nameTaken();
    const passwordHash = await hashPassword(dto.password);
    // the browser's zone, with the account (one transaction), so the first e-mails are in the player's time, not UTC
    const user = await this.users.create({ email: dto.email, passwordHash, displayName: name.name, locale: dto.locale, timeZone: dto.timeZone });
    if (user === 'email_taken') throw new AppError('EMAIL_TAKEN', 'An account with this email already exists');
    if (user === 'name_taken') throw nameTaken();
    await this.recovery.onSignUp(user);
    return this.issue(user);
  }

  async login(dto: LoginDto, ip: string): Promise<TokenResponseDto> {
    await this.limiter.attempt(ip, dto.email);
    const user = await this.users.findByEmail(dto.email);
    const ok = await verifyPassword(user?.passwordHash ?? (await this.dummyHash), dto.password);
    if (!user || !ok) throw new AppError('INVALID_CREDENTIALS', 'Email or password is wrong');
    if (user.status === 'banned') throw new AppError('ACCOUNT_BANNED', 'This account is banned');
    await this.sessions.record(user.id, dto.deviceFingerprint, ip, 'login');
    return this.issue(user);
  }

  /**
   * "Sign out everywhere": every token issued so far stops working, on HTTP at once; every open socket of
   * the account, on any API instance, is told `auth:revoked` and closed before this is answered.
   */
  async logoutEverywhere(caller: AuthUser): Promise<{ ok: true }> {
    const account = await this.users.revokeTokens(caller.id);
    if (!account) throw notFound('User', caller.id);
    await this.live.sessionsChanged(sessionsChanged(account));
    return { ok: true };
  }

  /**
   * Changes the caller's password: the current one must be right (counted with login's limits, so a
   * stolen token cannot guess it faster than a login could), the new one differ. Every other token
   * stops working (its open sockets are closed), and so does every reset or change-of-address link
   * mailed before; the caller gets a fresh one.
   */
  async changePassword(caller: AuthUser, dto: ChangePasswordDto, ip: string): Promise<TokenResponseDto> {
    await this.limiter.attempt(ip, caller.email);
    const user = await this.users.findById(caller.id);
    if (!user) throw notFound('User', caller.id);
    const ok = await verifyPassword(user.passwordHash, dto.currentPassword);
    if (!ok) throw new AppError('WRONG_PASSWORD', 'The current password is wrong');
    if (dto.newPassword === dto.currentPassword) {
      throw new AppError('PASSWORD_UNCHANGED', 'The new password must differ from the current one', [
        { field: 'newPassword', problems: ['must differ from currentPassword'] },
      ]);
    }
    const passwordHash = await hashPassword(dto.newPassword);
    const changed = await this.users.changePassword(user.id, user.passwordHash, passwordHash, this.clock.now());
    if (!changed) {
      throw new AppError('TRY_AGAIN', 'The password was changed by another request at the same moment; nothing was saved. Sign in and try again.');
    }
    // The open sockets of the old tokens are closed (a socket of the fresh token, signed after this, is not).
    await this.live.sessionsChanged(sessionsChanged(changed));
    return this.issue(changed);
  }

  private async issue(user: User): Promise<TokenResponseDto> {
    const payload: TokenPayload = { sub: user.id, tv: user.tokenVersion, roles: user.roles };
    const accessToken = await this.jwt.signAsync(payload, { expiresIn: this.config.JWT_TTL_SECONDS });
    return { accessToken, tokenType: 'Bearer', expiresIn: this.config.JWT_TTL_SECONDS, user: UserResponseDto.from(user) };
  }
}

const nameTaken = () =>
  new AppError('DISPLAY_NAME_TAKEN', 'This display name is taken, or looks like one that is (letters from other alphabets, digits for letters, case and spacing count as the same); choose another', [
    { field: 'displayName', problems: ['looks like a name another account has'] },
  ]);
