import type { SessionsChanged } from '@dcs/tournament';
import { refusalOf } from './live-sessions';

const account = (over: Partial<SessionsChanged> = {}): SessionsChanged => ({ userId: 'u1', tokenVersion: 3, roles: ['competitor'], status: 'active', ...over });

describe('which open sockets a token change ends (refusalOf: AuthGuard\'s rule against the account as the change left it)', () => {
  it('ends a socket whose token is older than the change: INVALID_TOKEN', () => {
    expect(refusalOf({ tv: 2, roles: ['competitor'] }, account())).toMatchObject({ code: 'INVALID_TOKEN' });
  });

  it('says ROLES_CHANGED when the old token carries other roles than the account has now', () => {
    expect(refusalOf({ tv: 2, roles: ['competitor'] }, account({ roles: ['competitor', 'director'] }))).toMatchObject({ code: 'ROLES_CHANGED' });
  });

  it('keeps a socket of a token issued with or after the change (the one a password change answers)', () => {
    expect(refusalOf({ tv: 3, roles: ['competitor'] }, account())).toBeNull();
    expect(refusalOf({ tv: 4, roles: ['competitor'] }, account())).toBeNull();
  });

  it('ends every socket of a banned account, whatever its token: ACCOUNT_BANNED', () => {
    expect(refusalOf({ tv: 3, roles: ['competitor'] }, account({ status: 'banned' }))).toMatchObject({ code: 'ACCOUNT_BANNED' });
  });
});
