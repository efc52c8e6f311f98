import { createParamDecorator, ExecutionContext, SetMetadata } from '@nestjs/common';
import type { Role } from '@dcs/db';
import type { Language } from '@dcs/common';

export const IS_PUBLIC = 'isPublic';
export const ROLES = 'roles';

/** Opens a route to anyone; every other route needs a valid token (default deny). */
export const Public = () => SetMetadata(IS_PUBLIC, true);

/** Restricts a route to the listed roles (admin always passes). */
export const Roles = (...roles: Role[]) => SetMetadata(ROLES, roles);

/** The authenticated caller, as put on the request by the auth guard. */
export interface AuthUser {
  id: string;
  email: string;
  displayName: string;
  roles: Role[];
  /** The account's language (issue 24): the error filter writes messages in it. */
  locale?: Language;
}

export const CurrentUser = createParamDecorator((_: unknown, ctx: ExecutionContext): AuthUser => {
  const req = ctx.switchToHttp().getRequest<{ user: AuthUser }>();
  return req.user;
});

/** The caller on a @Public() route when a valid token was sent, otherwise undefined. */
export const OptionalUser = createParamDecorator((_: unknown, ctx: ExecutionContext): AuthUser | undefined => {
  return ctx.switchToHttp().getRequest<{ user?: AuthUser }>().user;
});
