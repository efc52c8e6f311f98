import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useMyRegistration, useRegistrationAction } from '../api/challenge-queries';
import type { ChallengeDetailDto } from '../../../api/types';
import { useAuth } from '../../../auth/auth-context';
import { useAnnounce } from '../../../components/announcer';
import { Countdown } from '../../../components/countdown';
import { ErrorView } from '../../../components/status';
import { paths } from '../../../config/paths';
import './registration-panel.css';

/**
 * My place in a challenge (SPEC 3): register (waitlisted beyond capacity), withdraw until check-in
 * closes, check in during the check-in window; the windows as countdowns. The server decides: a
 * button the window does not allow yet is still shown with the countdown, and a refusal is shown
 * with its message and code.
 */
export function RegistrationPanel({ challenge }: { challenge: ChallengeDetailDto }) {
  const { t } = useTranslation();
  const { token } = useAuth();
  const reg = useMyRegistration(challenge.id);
  const act = useRegistrationAction(challenge.id);
  const announce = useAnnounce();
  const now = Date.now();
  const regOpens = Date.parse(challenge.registrationOpensAt);
  const ciOpens = Date.parse(challenge.checkInOpensAt);
  const ciCloses = Date.parse(challenge.checkInClosesAt);
  const before = ['scheduled', 'registration_open', 'check_in_open'].includes(challenge.status);
  if (!before) return null;

  const mine = reg.data ?? null;
  const run = (what: 'register' | 'withdraw' | 'check-in') =>
    act.mutate(what, {
      onSuccess: (r) =>
        announce(
          what === 'withdraw' ? t('reg.withdrew') : what === 'check-in' ? t('reg.checkedInNow') : r.status === 'waitlisted' ? t('reg.waitlistedNow', { place: r.waitlistPlace }) : t('reg.registered'),
        ),
    });

  return (
    <section aria-labelledby="reg-h" className="card registration">
      <h2 id="reg-h">{t('reg.title')}</h2>
      <ul className="windows">
        {now < regOpens && (
          <li>
            <Countdown until={challenge.registrationOpensAt} label={t('reg.opensIn')} withDate />
          </li>
        )}
        {now < ciOpens && (
          <li>
            <Countdown until={challenge.checkInOpensAt} label={t('reg.checkInOpensIn')} withDate />
          </li>
        )}
        {now < ciCloses && (
          <li>
            <Countdown until={challenge.checkInClosesAt} label={now < ciOpens ? t('reg.bothCloseIn') : t('reg.checkInClosesIn')} withDate />
          </li>
        )}
        <li>
          <Countdown until={challenge.startsAt} label={t('reg.playStartsIn')} withDate />
        </li>
      </ul>
      {!token ? (
        <p>
          <Link to={paths.signIn.href()}>{t('reg.signIn')}</Link>
          {t('reg.or')}
          <Link to={paths.signUp.href()}>{t('reg.createAccount')}</Link>
          {t('reg.toRegister')}
        </p>
      ) : reg.isPending ? (
        <p className="loading">{t('reg.loading')}</p>
      ) : (
        <>
          <p data-testid="my-registration">
            {!mine
              ? t('reg.notRegistered')
              : mine.status === 'waitlisted'
                ? t('reg.waitlisted', { place: mine.waitlistPlace ?? '—' })
                : t('reg.registered')}{' '}
            {mine?.checkedInAt ? <strong>{t('reg.checkedIn')}</strong> : mine ? t('reg.notCheckedIn') : ''}
          </p>
          <div className="actions">
            {!mine && (
              <button type="button" disabled={act.isPending} onClick={() => run('register')}>
                {t('reg.register')}
              </button>
            )}
            {mine && !mine.checkedInAt && (
              <button type="button" disabled={act.isPending} onClick={() => run('check-in')}>
                {t('reg.checkIn')}
              </button>
            )}
            {mine && (
              <button type="button" className="secondary" disabled={act.isPending} onClick={() => run('withdraw')}>
                {t('reg.withdraw')}
              </button>
            )}
          </div>
        </>
      )}
      {reg.isError && <ErrorView error={reg.error} title={t('reg.failed')} />}
      {act.isError && <ErrorView error={act.error} title={t('reg.didNotWork')} />}
    </section>
  );
}
