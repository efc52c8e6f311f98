import { Link } from 'react-router';
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
          what === 'withdraw' ? 'You withdrew from the challenge.' : what === 'check-in' ? 'You are checked in.' : r.status === 'waitlisted' ? `You are on the waitlist, place ${r.waitlistPlace}.` : 'You are registered.',
        ),
    });

  return (
    <section aria-labelledby="reg-h" className="card registration">
      <h2 id="reg-h">Your registration</h2>
      <ul className="windows">
        {now < regOpens && (
          <li>
            <Countdown until={challenge.registrationOpensAt} label="Registration opens in" withDate />
          </li>
        )}
        {now < ciOpens && (
          <li>
            <Countdown until={challenge.checkInOpensAt} label="Check-in opens in" withDate />
          </li>
        )}
        {now < ciCloses && (
          <li>
            <Countdown until={challenge.checkInClosesAt} label={now < ciOpens ? 'Registration and check-in close in' : 'Check-in closes in'} withDate />
          </li>
        )}
        <li>
          <Countdown until={challenge.startsAt} label="Play starts in" withDate />
        </li>
      </ul>
      {!token ? (
        <p>
          <Link to={paths.signIn.href()}>Sign in</Link> or <Link to={paths.signUp.href()}>create an account</Link> to register.
        </p>
      ) : reg.isPending ? (
        <p className="loading">Loading your registration…</p>
      ) : (
        <>
          <p data-testid="my-registration">
            {!mine
              ? 'You are not registered.'
              : mine.status === 'waitlisted'
                ? `You are on the waitlist (place ${mine.waitlistPlace ?? '—'}).`
                : 'You are registered.'}{' '}
            {mine?.checkedInAt ? <strong>Checked in.</strong> : mine ? 'Not checked in yet.' : ''}
          </p>
          <div className="actions">
            {!mine && (
              <button type="button" disabled={act.isPending} onClick={() => run('register')}>
                Register
              </button>
            )}
            {mine && !mine.checkedInAt && (
              <button type="button" disabled={act.isPending} onClick={() => run('check-in')}>
                Check in
              </button>
            )}
            {mine && (
              <button type="button" className="secondary" disabled={act.isPending} onClick={() => run('withdraw')}>
                Withdraw
              </button>
            )}
          </div>
        </>
      )}
      {reg.isError && <ErrorView error={reg.error} title="Your registration could not be loaded" />}
      {act.isError && <ErrorView error={act.error} title="That did not work" />}
    </section>
  );
}
