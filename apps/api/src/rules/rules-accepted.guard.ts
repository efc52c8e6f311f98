import { applyDecorators, CanActivate, ExecutionContext, Injectable, UseGuards } from '@nestjs/common';
import { RulesService } from '@dcs/tournament';
import type { AuthUser } from '../common/decorators';
import { ApiErrors } from '../common/openapi';

/**
 * SPEC 6 "Rules changes": the acts that commit a player to play — register, check in, open, join or
 * rematch a table — need the rules in force accepted (403 RULES_NOT_ACCEPTED with the version and its
 * summary, nothing changed). Runs after the global AuthGuard, so the caller is known.
 */
@Injectable()
export class RulesAcceptedGuard implements CanActivate {
  constructor(private readonly rules: RulesService) {}

  async canActivate(ctx: ExecutionContext): Promise<boolean> {
    const user = ctx.switchToHttp().getRequest<{ user?: AuthUser }>().user;
    if (user) await this.rules.assertAccepted(user.id);
    return true;
  }
}

/** On an act that commits the caller to play: the rules in force must be accepted first (documented as RULES_NOT_ACCEPTED). */
export const UnderAcceptedRules = () => applyDecorators(UseGuards(RulesAcceptedGuard), ApiErrors('RULES_NOT_ACCEPTED'));
