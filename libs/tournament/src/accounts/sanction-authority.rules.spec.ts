import { sanctionRefusal, type SanctionQuestion } from './sanction-authority.rules';

const ask = (actorRoles: string[], targetRoles: string[], extra: Partial<SanctionQuestion> = {}) =>
  sanctionRefusal({ actorId: 'actor', actorRoles, targetId: 'target', targetRoles, ...extra });
const tied = { anchors: 1, targetTakesPart: true };

describe('who may sanction whom (SPEC 6-7)', () => {
  it('nobody sanctions themselves, an admin neither', () => {
    expect(sanctionRefusal({ actorId: 'a', actorRoles: ['admin'], targetId: 'a', targetRoles: ['admin'] })).toBe('self');
    expect(sanctionRefusal({ actorId: 'd', actorRoles: ['director'], targetId: 'd', targetRoles: ['director'], tie: tied })).toBe('self');
  });

  it('only an admin sanctions an admin', () => {
    expect(ask(['director'], ['competitor', 'admin'], { tie: tied })).toBe('admin');
    expect(ask(['reviewer'], ['admin'])).toBe('admin');
    expect(ask(['admin'], ['admin'])).toBeNull();
  });

  it('only an admin sanctions staff: a director or a reviewer', () => {
    expect(ask(['director'], ['reviewer'], { tie: tied })).toBe('staff');
    expect(ask(['director'], ['director'], { tie: tied })).toBe('staff');
    expect(ask(['reviewer'], ['reviewer'])).toBe('staff');
    expect(ask(['admin'], ['director', 'reviewer'])).toBeNull();
  });

  it('a director acts only through a challenge or game of their cities that the player takes part in; an admin everywhere', () => {
    expect(ask(['director'], ['competitor'], { tie: { anchors: 0, targetTakesPart: false } })).toBe('no_challenge');
    expect(ask(['director'], ['competitor'], { tie: { anchors: 1, targetTakesPart: false } })).toBe('not_in_challenge');
    expect(ask(['director'], ['competitor'], { tie: tied })).toBeNull();
    expect(ask(['admin'], ['competitor'], { tie: { anchors: 0, targetTakesPart: false } })).toBeNull();
  });

  it('the board decides players platform-wide (no tie asked)', () => {
    expect(ask(['reviewer'], ['competitor'])).toBeNull();
  });
});
