import { useEffect, useRef, useState, type FormEvent } from 'react';
import { paths } from '../../config/paths';
import { Link, useSearchParams } from 'react-router';
import { ErrorView, Loading } from '../../components/status';
import { useConfirmEmailChange, useRequestReset, useResetPassword, useUnsubscribe, useVerifyEmail } from './api';

/** "Forgot your password?": the same answer whether or not an account has the address. */
export function ForgotPasswordPage() {
  const request = useRequestReset();
  const [email, setEmail] = useState('');
  const submit = (e: FormEvent) => {
    e.preventDefault();
    request.mutate(email);
  };
  return (
    <div className="narrow">
      <h1>Forgot your password?</h1>
      {request.isSuccess ? (
        <p role="status">{request.data.message}</p>
      ) : (
        <form className="form" onSubmit={submit}>
          <p className="muted">Enter the e-mail address of your account: we send a link to choose a new password.</p>
          <label htmlFor="email">Email</label>
          <input id="email" type="email" autoComplete="email" required value={email} onChange={(e) => setEmail(e.target.value)} />
          {request.isError && <ErrorView error={request.error} title="The link could not be sent" />}
          <button type="submit" disabled={request.isPending}>
            {request.isPending ? 'Sending…' : 'Send the link'}
          </button>
        </form>
      )}
      <p>
        <Link to={paths.signIn.href()}>Back to sign in</Link>
      </p>
    </div>
  );
}

/** The page the reset link opens: a new password; every device is signed out. */
export function ResetPasswordPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const reset = useResetPassword();
  const [password, setPassword] = useState('');
  const submit = (e: FormEvent) => {
    e.preventDefault();
    reset.mutate({ token, password });
  };
  return (
    <div className="narrow">
      <h1>Choose a new password</h1>
      {reset.isSuccess ? (
        <p role="status">
          Your password is changed and every device was signed out. <Link to={paths.signIn.href()}>Sign in</Link> with the new password.
        </p>
      ) : (
        <form className="form" onSubmit={submit}>
          <label htmlFor="password">New password</label>
          <input id="password" type="password" autoComplete="new-password" required minLength={10} aria-describedby="password-hint" value={password} onChange={(e) => setPassword(e.target.value)} />
          <p id="password-hint" className="muted">
            At least 10 characters. The link works once, for 30 minutes.
          </p>
          {reset.isError && <ErrorView error={reset.error} title="The password could not be changed" />}
          <button type="submit" disabled={reset.isPending || !token}>
            {reset.isPending ? 'Saving…' : 'Save the new password'}
          </button>
        </form>
      )}
      {(reset.isError || !token) && (
        <p>
          <Link to={paths.forgotPassword.href()}>Ask for a new link</Link>
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
  useEffect(() => {
    if (sent.current || !token) return;
    sent.current = true;
    use.mutate(token);
  }, [token, use]);
  return (
    <div className="narrow">
      <h1>{title}</h1>
      {!token && <p>This link has no token: copy the whole link from the e-mail.</p>}
      {use.isPending && token && <Loading what="your link" />}
      {use.isSuccess && <p role="status">{done(use.data.email)}</p>}
      {use.isError && <ErrorView error={use.error} title="The link did not work" />}
      <p>
        <Link to={paths.notificationSettings.href()}>Notification settings</Link>
      </p>
    </div>
  );
}

export function VerifyEmailPage() {
  const verify = useVerifyEmail();
  return <LinkLanding title="Confirm your e-mail address" use={verify} done={(email) => `${email} is confirmed: reminders and notices can now reach you by e-mail.`} />;
}

export function ConfirmEmailPage() {
  const confirm = useConfirmEmailChange();
  return <LinkLanding title="Confirm your new e-mail address" use={confirm} done={(email) => `Your account's address is now ${email}.`} />;
}

/** The page of an e-mail's "stop these e-mails" link: one button (a link opened by a mail scanner changes nothing). */
export function UnsubscribePage() {
  const [params] = useSearchParams();
  const q = { u: params.get('u') ?? '', k: params.get('k') ?? '', s: params.get('s') ?? '' };
  const unsubscribe = useUnsubscribe();
  return (
    <div className="narrow">
      <h1>Stop these e-mails</h1>
      {unsubscribe.isSuccess ? (
        <p role="status">Done: no more e-mails for “{unsubscribe.data.label}”. You can turn them on again in your notification settings.</p>
      ) : (
        <>
          <p>Stop e-mails of this kind ({q.k || 'unknown'})? The notices stay in the app.</p>
          {unsubscribe.isError && <ErrorView error={unsubscribe.error} title="The link did not work" />}
          <button type="button" disabled={unsubscribe.isPending} onClick={() => unsubscribe.mutate(q)}>
            Stop these e-mails
          </button>
        </>
      )}
      <p>
        <Link to={paths.notificationSettings.href()}>Notification settings</Link>
      </p>
    </div>
  );
}
