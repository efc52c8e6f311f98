import { useEffect, useRef, useState, type FormEvent } from 'react';
import { paths } from '../../config/paths';
import { Link, useSearchParams } from 'react-router';
import { Trans, useTranslation } from 'react-i18next';
import { ErrorView, Loading } from '../../components/status';
import { useConfirmEmailChange, useRequestReset, useResetPassword, useUnsubscribe, useVerifyEmail } from './api';

/** "Forgot your password?": the same answer whether or not an account has the address. */
export function ForgotPasswordPage() {
  const request = useRequestReset();
  const { t } = useTranslation();
  const [email, setEmail] = useState('');
  const submit = (e: FormEvent) => {
    e.preventDefault();
    request.mutate(email);
  };
  return (
    <div className="narrow">
      <h1>{t('auth.forgot')}</h1>
      {request.isSuccess ? (
        <p role="status">{t('recovery.resetSent')}</p>
      ) : (
        <form className="form" onSubmit={submit}>
          <p className="muted">{t('recovery.enterEmail')}</p>
          <label htmlFor="email">{t('auth.email')}</label>
          <input id="email" type="email" autoComplete="email" required value={email} onChange={(e) => setEmail(e.target.value)} />
          {request.isError && <ErrorView error={request.error} title={t('recovery.notSent')} />}
          <button type="submit" disabled={request.isPending}>
            {request.isPending ? t('recovery.sending') : t('recovery.send')}
          </button>
        </form>
      )}
      <p>
        <Link to={paths.signIn.href()}>{t('recovery.backToSignIn')}</Link>
      </p>
    </div>
  );
}

/** The page the reset link opens: a new password; every device is signed out. */
export function ResetPasswordPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const reset = useResetPassword();
  const { t } = useTranslation();
  const [password, setPassword] = useState('');
  const submit = (e: FormEvent) => {
    e.preventDefault();
    reset.mutate({ token, password });
  };
  return (
    <div className="narrow">
      <h1>{t('recovery.chooseTitle')}</h1>
      {reset.isSuccess ? (
        <p role="status">
          <Trans i18nKey="recovery.changed" components={[<Link to={paths.signIn.href()} />]} />
        </p>
      ) : (
        <form className="form" onSubmit={submit}>
          <label htmlFor="password">{t('recovery.newPassword')}</label>
          <input id="password" type="password" autoComplete="new-password" required minLength={10} aria-describedby="password-hint" value={password} onChange={(e) => setPassword(e.target.value)} />
          <p id="password-hint" className="muted">
            {t('recovery.hint')}
          </p>
          {reset.isError && <ErrorView error={reset.error} title={t('recovery.notChanged')} />}
          <button type="submit" disabled={reset.isPending || !token}>
            {reset.isPending ? t('recovery.saving') : t('recovery.save')}
          </button>
        </form>
      )}
      {(reset.isError || !token) && (
        <p>
          <Link to={paths.forgotPassword.href()}>{t('recovery.askNew')}</Link>
        </p>
      )}
    </div>
  );
}

/** Opens a link once on arrival (a verification, a change of address) and says what happened. */
function LinkLanding({ title, use, done }: { title: string; use: ReturnType<typeof useVerifyEmail> | ReturnType<typeof useConfirmEmailChange>; done: (email: string) => string }) {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const sent = useRef(false);
  const { t } = useTranslation();
  useEffect(() => {
    if (sent.current || !token) return;
    sent.current = true;
    use.mutate(token);
  }, [token, use]);
  return (
    <div className="narrow">
      <h1>{title}</h1>
      {!token && <p>{t('recovery.noToken')}</p>}
      {use.isPending && token && <Loading what={t('recovery.yourLink')} />}
      {use.isSuccess && <p role="status">{done(use.data.email)}</p>}
      {use.isError && <ErrorView error={use.error} title={t('recovery.linkFailed')} />}
      <p>
        <Link to={paths.notificationSettings.href()}>{t('recovery.settings')}</Link>
      </p>
    </div>
  );
}

export function VerifyEmailPage() {
  const verify = useVerifyEmail();
  const { t } = useTranslation();
  return <LinkLanding title={t('recovery.confirmTitle')} use={verify} done={(email) => t('recovery.confirmed', { email })} />;
}

export function ConfirmEmailPage() {
  const confirm = useConfirmEmailChange();
  const { t } = useTranslation();
  return <LinkLanding title={t('recovery.confirmNewTitle')} use={confirm} done={(email) => t('recovery.addressNow', { email })} />;
}

/** The page of an e-mail's "stop these e-mails" link: one button (a link opened by a mail scanner changes nothing). */
export function UnsubscribePage() {
  const [params] = useSearchParams();
  const q = { u: params.get('u') ?? '', k: params.get('k') ?? '', s: params.get('s') ?? '' };
  const unsubscribe = useUnsubscribe();
  const { t } = useTranslation();
  return (
    <div className="narrow">
      <h1>{t('recovery.stopTitle')}</h1>
      {unsubscribe.isSuccess ? (
        <p role="status">{t('recovery.stopped', { label: unsubscribe.data.label })}</p>
      ) : (
        <>
          <p>{t('recovery.stopAsk', { kind: q.k || t('recovery.unknown') })}</p>
          {unsubscribe.isError && <ErrorView error={unsubscribe.error} title={t('recovery.linkFailed')} />}
          <button type="button" disabled={unsubscribe.isPending} onClick={() => unsubscribe.mutate(q)}>
            {t('recovery.stopTitle')}
          </button>
        </>
      )}
      <p>
        <Link to={paths.notificationSettings.href()}>{t('recovery.settings')}</Link>
      </p>
    </div>
  );
}
