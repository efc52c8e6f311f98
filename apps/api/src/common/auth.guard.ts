import { CanActivate, ExecutionContext, HttpStatus, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { JwtService } from '@nestjs/jwt';
import type { Role } from '@dcs/db';
import { AppError } from '@dcs/common';
import { AuthUser, IS_PUBLIC, ROLES } from './decorators';
import { UsersRepository } from '../users/users.repository';

export interface TokenPayload {
  sub: string;
  tv: number;
}

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
      throw new AppError('FORBIDDEN', `This needs the role ${required.join(' or ')}`, HttpStatus.FORBIDDEN);
    }
    return true;
  }

  private async identify(header: string): Promise<AuthUser> {
    const [scheme, token] = header.split(' ');
    if (scheme !== 'Bearer' || !token) throw new AppError('UNAUTHORIZED', 'Sign in first: this needs a bearer token', HttpStatus.UNAUTHORIZED);
    return this.userFromToken(token);
  }

  /** The same check for a bare token (the socket.io handshake sends one without the scheme). */
  async userFromToken(token: string): Promise<AuthUser> {
    let payload: TokenPayload;
    try {
      payload = await this.jwt.verifyAsync<TokenPayload>(token);
    } catch {
      throw new AppError('INVALID_TOKEN', 'The token is invalid or has expired; sign in again', HttpStatus.UNAUTHORIZED);
    }
    const user = await this.users.findById(payload.sub);
    if (!user || user.tokenVersion !== payload.tv) {
      throw new AppError('INVALID_TOKEN', 'The token is invalid or has expired; sign in again', HttpStatus.UNAUTHORIZED);
    }
    if (user.status === 'banned') throw new AppError('ACCOUNT_BANNED', 'This account is banned', HttpStatus.FORBIDDEN);
    return { id: user.id, email: user.email, displayName: user.displayName, roles: user.roles };
  }
}
