import { NavLink, Outlet, useLocation } from 'react-router';
import { Suspense, useEffect, useRef } from 'react';
import { useMe } from '../auth/use-me';
import { useAuth } from '../auth/auth-context';
import { hasRole } from '../components/role-gate';
import { NavLinks, type NavItem } from '../components/nav-links';
import { Loading } from '../components/status';
import { paths } from '../config/paths';
import './shell.css';
import { Attention } from '../features/attention/attention';
import { RulesBanner } from '../features/rules/components/rules-banner';

/** What a signed-in player reaches from every page. */
const SIGNED_IN_LINKS: readonly NavItem[] = [
  { to: paths.house.href(), label: 'House tables' },
  { to: paths.wallet.href(), label: 'Wallet' },
  { to: paths.myGames.href(), label: 'My games' },
  { to: paths.notifications.href(), label: 'Notifications' },
  { to: paths.myRecord.href(), label: 'My record' },
  { to: paths.notificationSettings.href(), label: 'Settings' },
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
          <NavLink to={paths.home.href()} className="brand" end>
            DCS <span>Dominoes</span>
          </NavLink>
          <nav aria-label="Main">
            <ul>
              <li>
                <NavLink to={paths.home.href()} end>
                  Challenges
                </NavLink>
              </li>
              {token && hasRole(me.data?.roles, ['director']) && (
                <li>
                  <NavLink to={paths.director.href()}>Director</NavLink>
                </li>
              )}
              {token && hasRole(me.data?.roles, ['reviewer']) && (
                <li>
                  <NavLink to={paths.cases.href()}>Review board</NavLink>
                </li>
              )}
              {token && me.data?.roles.includes('admin') && (
                <>
                  <li>
                    <NavLink to={paths.adminDirectors.href()}>Directors</NavLink>
                  </li>
                  <li>
                    <NavLink to={paths.adminOutbox.href()}>Outbox</NavLink>
                  </li>
                  <li>
                    <NavLink to={paths.adminRules.href()}>Rules</NavLink>
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
                <NavLink to={paths.signIn.href()}>Sign in</NavLink>
                <NavLink to={paths.signUp.href()} className="button-link">
                  Sign up
                </NavLink>
              </>
            )}
          </div>
        </div>
      </header>
      <main id="main" ref={main} tabIndex={-1}>
        <RulesBanner />
        <Suspense fallback={<Loading what="the page" />}>
          <Outlet />
        </Suspense>
      </main>
    </>
  );
}
