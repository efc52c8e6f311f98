import { readFileSync } from 'fs';
import { join } from 'path';
import { runInNewContext } from 'vm';
import { paths, preloaded, preloadedChallengeId } from '../../apps/web/src/config/paths';

/**
 * The web app's one table of addresses (apps/web/src/config/paths.ts): every link it builds is an address its
 * router pattern matches, and public/boot.js — not bundled, so it carries its own copy of the one pattern it
 * needs — starts a challenge page's early reads on exactly the addresses the app's `preloaded` names.
 */
const BOOT = readFileSync(join(__dirname, '../../apps/web/public/boot.js'), 'utf8');
const ID = '0b6f6c1e-7c1a-4c1e-9a57-3f1c2b9d4e01';

/** Runs boot.js as a browser would on `pathname`: the URLs it fetched and what it left for the app. */
function boot(pathname: string): { fetched: string[]; early: Record<string, unknown> | undefined } {
  const fetched: string[] = [];
  const window: { location: { pathname: string }; __early?: Record<string, unknown> } = { location: { pathname } };
  const fetch = (url: string) => {
    fetched.push(url);
    return new Promise(() => undefined);
  };
  runInNewContext(BOOT, { window, fetch, Intl });
  return { fetched, early: window.__early };
}

/** The router's pattern as an expression: each `:param` one path segment. */
const patternOf = (path: string) => new RegExp(`^${path.replace(/:\w+/g, '[^/?]+')}(\\?.*)?$`);

describe('web app paths', () => {
  it('every href is an address its own path pattern matches, and no other pattern does', () => {
    for (const [name, entry] of Object.entries(paths)) {
      const href: (...ids: string[]) => string = entry.href;
      const address = href(...Array.from({ length: href.length }, () => ID));
      expect({ name, matches: patternOf(entry.path).test(address) }).toEqual({ name, matches: true });
      const others = Object.entries(paths).filter(([other, e]) => other !== name && patternOf(e.path).test(address));
      expect({ name, others: others.map(([other]) => other) }).toEqual({ name, others: [] });
    }
  });

  it('a standings link names its season in the query', () => {
    expect(paths.standings.href('c1', 's2')).toBe('/cities/c1/standings?season=s2');
    expect(paths.standings.href('c1')).toBe('/cities/c1/standings');
  });

  it("boot.js carries the paths module's pattern for the page it preloads", () => {
    expect(BOOT).toContain(`/${preloaded.source}/${preloaded.flags}.exec(window.location.pathname)`);
    expect(preloadedChallengeId(paths.challenge.href(ID))).toBe(ID);
    expect(preloadedChallengeId(`${paths.challenge.href(ID)}/`)).toBe(ID);
  });

  it("boot.js starts a directly opened challenge page's two reads and leaves them for the app by API path", () => {
    const { fetched, early } = boot(paths.challenge.href(ID));
    expect(fetched).toEqual([`/api/challenges/${ID}`, `/api/challenges/${ID}/bracket`]);
    expect(Object.keys(early ?? {})).toEqual(fetched);
  });

  it('boot.js starts nothing on any other page', () => {
    for (const [name, entry] of Object.entries(paths)) {
      if (name === 'challenge') continue;
      const href: (...ids: string[]) => string = entry.href;
      const address = href(...Array.from({ length: href.length }, () => ID));
      expect({ address, fetched: boot(address).fetched }).toEqual({ address, fetched: [] });
      expect(preloadedChallengeId(address)).toBeNull();
    }
    expect(boot(`/challenges/not-a-uuid`).fetched).toEqual([]);
  });
});
