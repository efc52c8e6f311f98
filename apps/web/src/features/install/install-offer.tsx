import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useAuth } from '../../auth/auth-context';
import { listen, useLiveSocket } from '../../live/socket';
import { markGamePlayed, markOffered, useInstallOffer } from './install-state';
import './install.css';

/** A game I sat at ended (my own seat's view, on my live socket, from any page): the first game is played. */
function GameEnds() {
  const { socket } = useLiveSocket();
  useEffect(
    () =>
      listen(socket, 'game:view', (e) => {
        if (e.view.seat !== null && e.view.status === 'finished') markGamePlayed();
      }),
    [socket],
  );
  return null;
}

/** "Install DCS Dominoes": offered once, after the player's first game, away from the live table. */
export function InstallOffer() {
  const { t } = useTranslation();
  const { token } = useAuth();
  const { offer, install, dismiss } = useInstallOffer();
  const location = useLocation();
  const atTable = /^\/(house\/)?tables\//.test(location.pathname);
  const shown = offer && !atTable;
  useEffect(() => {
    if (shown) markOffered();
  }, [shown]);
  return (
    <>
      {token && <GameEnds />}
      {shown && (
        <aside className="card install-offer" aria-labelledby="install-h">
          <h2 id="install-h">{t('install.title')}</h2>
          <p>{t('install.why')}</p>
          <p className="install-actions">
            <button type="button" onClick={() => void install()}>
              {t('install.install')}
            </button>
            <button type="button" className="secondary" onClick={dismiss}>
              {t('install.notNow')}
            </button>
          </p>
        </aside>
      )}
    </>
  );
}
