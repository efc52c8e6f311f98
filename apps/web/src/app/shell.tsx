import { NavLink, Outlet, useLocation } from 'react-router';
import { Suspense, useEffect, useRef } from 'react';
import { useMe } from '../api/queries';
import { useAuth } from '../auth/auth-context';
import { hasRole } from '../components/role-gate';
import { NavLinks, type NavItem } from '../components/nav-links';
import { Loading } from '../components/status';
import { Attention } from '../features/attention/attention';

/** What a signed-in player reaches from every page. */
const SIGNED_IN_LINKS: readonly NavItem[] = [
  { to: '/house', label: 'House tables' },
  { to: '/me/wallet', label: 'Wallet' },
  { to: '/me/games', label: 'My games' },
  { to: '/me/notifications', label: 'Notifications' },
  { to: '/me/record', label: 'My record' },
  { to: '/me/settings/notifications', label: 'Settings' },
];

/** The frame of every page: skip link, header with navigation and the account, and the main landmark. */
export function Shell() {
  const { token, signOut } = useAuth();
  const me = useMe();
  const location = useLocation();
  const main = useRef<HTMLElement>(null);
  const first = useRef(true);
  // After a client-side navigation, move focus to the new page (as a full load would) for keyboard and screen-reader users.
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    main.current?.focus();
  }, [location.pathname]);
  return (
    <>
      <Attention />
      <a className="skip" href="#main">
        Skip to content
      </a>
      <header className="site-header">
        <div className="header-inner">
          <NavLink to="/" className="brand" end>
            DCS <span>Dominoes</span>
          </NavLink>
          <nav aria-label="Main">
            <ul>
              <li>
                <NavLink to="/" end>
                  Challenges
                </NavLink>
              </li>
              {token && hasRole(me.data?.roles, ['director']) && (
                <li>
                  <NavLink to="/director">Director</NavLink>
                </li>
              )}
              {token && hasRole(me.data?.roles, ['reviewer']) && (
                <li>
                  <NavLink to="/review">Review board</NavLink>
                </li>
              )}
              {token && me.data?.roles.includes('admin') && (
                <>
                  <li>
                    <NavLink to="/admin/directors">Directors</NavLink>
                  </li>
                  <li>
                    <NavLink to="/admin/outbox">Outbox</NavLink>
                  </li>
                </>
              )}
              {token && <NavLinks links={SIGNED_IN_LINKS} />}
            </ul>
          </nav>
          <div className="account">
            {token ? (
              <>
                <span className="who" aria-label="Signed in as">
                  {me.data?.displayName ?? '…'}
                </span>
                <button type="button" className="link-button" onClick={signOut}>
                  Sign out
                </button>
              </>
            ) : (
              <>
                <NavLink to="/sign-in">Sign in</NavLink>
                <NavLink to="/sign-up" className="button-link">
                  Sign up
                </NavLink>
              </>
            )}
          </div>
        </div>
      </header>
      <main id="main" ref={main} tabIndex={-1}>
        <Suspense fallback={<Loading what="the page" />}>
          <Outlet />
        </Suspense>
      </main>
    </>
  );
}
