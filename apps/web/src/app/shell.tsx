import { NavLink, Outlet, useLocation } from 'react-router';
import { Suspense, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useMe } from '../auth/use-me';
import { currentReaderZone, setReaderZone } from '../utils/format';
import { LanguageSwitch } from '../i18n/language-switch';
import { useAuth } from '../auth/auth-context';
import { hasRole } from '../components/role-gate';
import { NavLinks, type NavItem } from '../components/nav-links';
import { Loading } from '../components/status';
import { paths } from '../config/paths';
import './shell.css';
import { Attention } from '../features/attention/attention';
import { RulesBanner } from '../features/rules/components/rules-banner';
import { InstallOffer } from '../features/install/install-offer';
import { OfflineNotice } from '../features/install/offline-notice';
import { SiteMenu } from './site-menu';
import { TAB_ICONS } from './tab-icons';

type Translate = (key: string) => string;

/** The sections: on a phone the `tab` ones are the bottom tab bar, the others are in the menu. */
function sections(t: Translate, signedIn: boolean, roles: string[] | undefined): readonly NavItem[] {
  const staff: NavItem[] = [];
  if (signedIn && hasRole(roles, ['director'])) staff.push({ to: paths.director.href(), label: t('shell.director') });
  if (signedIn && hasRole(roles, ['reviewer'])) staff.push({ to: paths.cases.href(), label: t('shell.reviewBoard') });
  if (signedIn && roles?.includes('admin')) {
    staff.push({ to: paths.adminDirectors.href(), label: t('shell.directors') }, { to: paths.adminOutbox.href(), label: t('shell.outbox') }, { to: paths.adminRules.href(), label: t('shell.rules') });
  }
  const home: NavItem = { to: paths.home.href(), label: t('shell.challenges'), end: true, className: 'tab', icon: TAB_ICONS.challenges };
  if (!signedIn) return [home];
  return [
    home,
    ...staff,
    { to: paths.house.href(), label: t('shell.house'), className: 'tab', icon: TAB_ICONS.house },
    { to: paths.wallet.href(), label: t('shell.wallet') },
    { to: paths.myGames.href(), label: t('shell.myGames'), className: 'tab', icon: TAB_ICONS.games },
    { to: paths.notifications.href(), label: t('shell.notifications'), className: 'tab', icon: TAB_ICONS.notifications },
    { to: paths.myRecord.href(), label: t('shell.myRecord') },
    { to: paths.notificationSettings.href(), label: t('shell.settings') },
  ];
}

/** A live table fills the phone's screen: no bottom tabs there (the menu stays in the header). */
const AT_A_TABLE = /^\/(house\/)?tables\//;

/**
 * The frame of every page: skip link, header, the main landmark. At desktop widths the header shows every
 * section, the language switch and the account in one bar. On a phone it is one row (the brand, my name,
 * one menu button) and the main sections are a bottom tab bar, so a page's own content starts right under it.
 */
export function Shell() {
  const { t } = useTranslation();
  const { token, signOut } = useAuth();
  const me = useMe();
  // Every time on the pages in the account's saved zone, as its e-mails write them (kept from the last load until the
  // account is read; the browser's when signed out or none is saved). A page is drawn again when it changes.
  const zone = !token ? setReaderZone(null) : me.data ? setReaderZone(me.data.timeZone) : currentReaderZone();
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
  const all = sections(t, token !== null, me.data?.roles);
  const tabs = token !== null && !AT_A_TABLE.test(location.pathname);
  const account = token ? (
    <button type="button" className="link-button sign-out" onClick={signOut}>
      {t('shell.signOut')}
    </button>
  ) : null;
  return (
    <div className={`shell${tabs ? ' with-tabs' : ''}${token ? '' : ' visitor'}`}>
      <Attention />
      <a className="skip" href="#main">
        {t('shell.skip')}
      </a>
      <header className="site-header">
        <div className="header-inner">
          <NavLink to={paths.home.href()} className="brand" end>
            DCS <span>Dominoes</span>
          </NavLink>
          <nav aria-label={t('shell.main')} className="main-nav">
            <ul>
              <NavLinks links={all} />
            </ul>
          </nav>
          <div className="account">
            <span className="desk-only">
              <LanguageSwitch />
            </span>
            {token ? (
              <>
                <span className="who" aria-label={t('shell.signedInAs')}>
                  {me.data?.displayName ?? '…'}
                </span>
                <span className="desk-only">{account}</span>
              </>
            ) : (
              <>
                <NavLink to={paths.signIn.href()} className="sign-in">
                  {t('shell.signIn')}
                </NavLink>
                <NavLink to={paths.signUp.href()} className="button-link sign-up">
                  {t('shell.signUp')}
                </NavLink>
              </>
            )}
            <SiteMenu>
              {token && (
                <nav aria-label={t('shell.more')}>
                  <ul>
                    <NavLinks links={all.filter((l) => l.className !== 'tab').map(({ icon: _icon, ...l }) => l)} />
                  </ul>
                </nav>
              )}
              <LanguageSwitch />
              {account}
            </SiteMenu>
          </div>
        </div>
      </header>
      <main id="main" ref={main} tabIndex={-1}>
        <OfflineNotice />
        <RulesBanner />
        <Suspense fallback={<Loading what={t('shell.thePage')} />}>
          <Outlet key={zone ?? ''} />
        </Suspense>
        <InstallOffer />
      </main>
    </div>
  );
}
