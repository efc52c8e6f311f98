import { CanActivate, ExecutionContext, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { isUUID } from 'class-validator';
import { JwtService } from '@nestjs/jwt';
import type { Role } from '@dcs/db';
import { AppError, isLanguage } from '@dcs/common';
import { AuthUser, IS_PUBLIC, ROLES } from './decorators';
import { UsersRepository } from '../users/users.repository';

export interface TokenPayload {
  sub: string;
  tv: number;
  /** Seconds since the epoch; every token must have one (a token without it would never expire). */
  exp?: number;
  /**
   * The roles when the token was issued. Never trusted for access (roles are read fresh); only
   * tells a token revoked by a role change (ROLES_CHANGED) from other revocations. Older tokens lack it.
   */
  roles?: Role[];
}

/** What decides whether a verified token is still current: the account's token version, roles and status. */
export interface TokenHolder {
  tokenVersion: number;
  roles: Role[];
  status: string;
}

const sameRoles = (a: readonly string[], b: readonly string[]) => a.length === b.length && [...a].sort().join() === [...b].sort().join();

/**
 * Throws unless a verified token still speaks for its account. Every revocation bumps the token
 * version (a ban, a role change, "sign out everywhere", a password change); when the roles differ
 * from the token's, the answer says so (ROLES_CHANGED), so the user knows why to sign in again.
 * HTTP (AuthGuard) and open sockets (LiveGateway) apply this one rule.
 */
export function assertTokenCurrent<T extends TokenHolder>(claims: Pick<TokenPayload, 'tv' | 'roles'>, holder: T | null | undefined): asserts holder is T {
  if (!holder) throw invalidToken();
  if (holder.tokenVersion !== claims.tv) {
    if (Array.isArray(claims.roles) && !sameRoles(claims.roles, holder.roles)) {
      throw new AppError('ROLES_CHANGED', 'Your roles have changed since you signed in; sign in again to continue with the new ones');
    }
    throw invalidToken();
  }
  if (holder.status === 'banned') throw new AppError('ACCOUNT_BANNED', 'This account is banned');
}

/** The token of an `Authorization` value: the Bearer scheme in any letter case (RFC 9110 §11.1), then the token. */
export function bearerToken(header: string): string | null {
  const match = /^bearer[ \t]+(\S+)[ \t]*$/i.exec(header);
  return match ? match[1] : null;
}

export const invalidToken = () => new AppError('INVALID_TOKEN', 'The token is invalid or has expired; sign in again');

/**
 * Global default-deny guard: a route needs a valid, current token unless it is
 * @Public(), and the caller's roles must include one of @Roles() (admin passes all).
 * Roles and account status are read fresh, so a role change or a ban acts at once.
 */
@Injectable()
export class AuthGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly jwt: JwtService,
    private readonly users: UsersRepository,
  ) {}

  async canActivate(ctx: ExecutionContext): Promise<boolean> {
    const targets = [ctx.getHandler(), ctx.getClass()];
    const req = ctx.switchToHttp().getRequest<{ headers: Record<string, string | undefined>; user?: AuthUser }>();
    const header = req.headers.authorization ?? '';
    if (this.reflector.getAllAndOverride<boolean>(IS_PUBLIC, targets)) {
      // A public route still knows a signed-in caller (e.g. to show a player their own tiles).
      if (header) req.user = await this.identify(header).catch(() => undefined);
      return true;
    }
    req.user = await this.identify(header);
    const required = this.reflector.getAllAndOverride<Role[] | undefined>(ROLES, targets);
    const roles = req.user.roles;
    if (required?.length && !roles.includes('admin') && !required.some((r) => roles.includes(r))) {
      throw new AppError('FORBIDDEN', `This needs the role ${required.join(' or ')}`);
    }
    return true;
  }

  private async identify(header: string): Promise<AuthUser> {
    const token = bearerToken(header);
    if (!token) throw new AppError('UNAUTHORIZED', 'Sign in first: this needs a bearer token');
    return this.userFromToken(token);
  }

  /** The same check for a bare token (the socket.io handshake sends one without the scheme). */
  async userFromToken(token: string): Promise<AuthUser> {
    return (await this.verifyToken(token)).user;
  }

  /** The caller and the token's verified claims (the socket keeps the claims to re-check them on every event). */
  async verifyToken(token: string): Promise<{ user: AuthUser; claims: TokenPayload }> {
    let payload: TokenPayload;
    try {
      payload = await this.jwt.verifyAsync<TokenPayload>(token);
    } catch {
      throw invalidToken();
    }
    // Signed but never expiring (exp is optional in JWT): refused, so a leaked token cannot live forever.
    if (typeof payload.exp !== 'number') {
      throw new AppError('TOKEN_WITHOUT_EXPIRY', 'The token has no expiry time (exp); sign in again for a new one');
    }
    if (typeof payload.sub !== 'string' || !isUUID(payload.sub) || typeof payload.tv !== 'number') throw invalidToken();
    return { user: await this.currentUser(payload), claims: payload };
  }

  /**
   * Whether verified claims still speak for their account, now: not expired, the account's current
   * token version, its status (assertTokenCurrent). Every HTTP request passes here (through
   * verifyToken), and so does every event of an open socket, whose token was verified once at its
   * handshake: a ban, a role change or "sign out everywhere" acts at once on both.
   */
  async currentUser(claims: TokenPayload, now = Date.now()): Promise<AuthUser> {
    if (typeof claims.exp === 'number' && claims.exp * 1000 <= now) throw invalidToken();
    const user = await this.users.tokenHolder(claims.sub);
    assertTokenCurrent(claims, user);
    return { id: user.id, email: user.email, displayName: user.displayName, roles: user.roles, locale: isLanguage(user.locale) ? user.locale : 'en' };
  }
}
