import { NavLink, Outlet, useLocation } from 'react-router';
import { Suspense, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useMe } from '../auth/use-me';
import { LanguageSwitch } from '../i18n/language-switch';
import { useAuth } from '../auth/auth-context';
import { hasRole } from '../components/role-gate';
import { NavLinks, type NavItem } from '../components/nav-links';
import { Loading } from '../components/status';
import { paths } from '../config/paths';
import './shell.css';
import { Attention } from '../features/attention/attention';
import { RulesBanner } from '../features/rules/components/rules-banner';

/** What a signed-in player reaches from every page. */
const signedInLinks = (t: (key: string) => string): readonly NavItem[] => [
  { to: paths.house.href(), label: t('shell.house') },
  { to: paths.wallet.href(), label: t('shell.wallet') },
  { to: paths.myGames.href(), label: t('shell.myGames') },
  { to: paths.notifications.href(), label: t('shell.notifications') },
  { to: paths.myRecord.href(), label: t('shell.myRecord') },
  { to: paths.notificationSettings.href(), label: t('shell.settings') },
];

/** The frame of every page: skip link, header with navigation and the account, and the main landmark. */
export function Shell() {
  const { t } = useTranslation();
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
        {t('shell.skip')}
      </a>
      <header className="site-header">
        <div className="header-inner">
          <NavLink to={paths.home.href()} className="brand" end>
            DCS <span>Dominoes</span>
          </NavLink>
          <nav aria-label={t('shell.main')}>
            <ul>
              <li>
                <NavLink to={paths.home.href()} end>
                  {t('shell.challenges')}
                </NavLink>
              </li>
              {token && hasRole(me.data?.roles, ['director']) && (
                <li>
                  <NavLink to={paths.director.href()}>{t('shell.director')}</NavLink>
                </li>
              )}
              {token && hasRole(me.data?.roles, ['reviewer']) && (
                <li>
                  <NavLink to={paths.cases.href()}>{t('shell.reviewBoard')}</NavLink>
                </li>
              )}
              {token && me.data?.roles.includes('admin') && (
                <>
                  <li>
                    <NavLink to={paths.adminDirectors.href()}>{t('shell.directors')}</NavLink>
                  </li>
                  <li>
                    <NavLink to={paths.adminOutbox.href()}>{t('shell.outbox')}</NavLink>
                  </li>
                  <li>
                    <NavLink to={paths.adminRules.href()}>{t('shell.rules')}</NavLink>
                  </li>
                </>
              )}
              {token && <NavLinks links={signedInLinks(t)} />}
            </ul>
          </nav>
          <div className="account">
            <LanguageSwitch />
            {token ? (
              <>
                <span className="who" aria-label={t('shell.signedInAs')}>
                  {me.data?.displayName ?? '…'}
                </span>
                <button type="button" className="link-button" onClick={signOut}>
                  {t('shell.signOut')}
                </button>
              </>
            ) : (
              <>
                <NavLink to={paths.signIn.href()}>{t('shell.signIn')}</NavLink>
                <NavLink to={paths.signUp.href()} className="button-link">
                  {t('shell.signUp')}
                </NavLink>
              </>
            )}
          </div>
        </div>
      </header>
      <main id="main" ref={main} tabIndex={-1}>
        <RulesBanner />
        <Suspense fallback={<Loading what={t('shell.thePage')} />}>
          <Outlet />
        </Suspense>
      </main>
    </>
  );
}
