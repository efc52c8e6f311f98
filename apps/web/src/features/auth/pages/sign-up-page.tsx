import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useSignUp } from '../api/auth-queries';
import { language } from '../../../i18n/i18n';
import { ErrorView } from '../../../components/status';
import { paths } from '../../../config/paths';

export function SignUpPage() {
  const { t } = useTranslation();
  const signUp = useSignUp();
  const navigate = useNavigate();
  const [displayName, setDisplayName] = useState('');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const submit = (e: FormEvent) => {
    e.preventDefault();
    // The account speaks the language the page is in (the header's switch, else the browser's).
    signUp.mutate({ displayName, email, password, locale: language(), timeZone: browserTimeZone() }, { onSuccess: () => void navigate(paths.home.href()) });
  };
  return (
    <div className="narrow">
      <h1>{t('auth.signUpTitle')}</h1>
      <form className="form" onSubmit={submit}>
        <label htmlFor="displayName">{t('auth.displayName')}</label>
        <input id="displayName" autoComplete="nickname" required value={displayName} onChange={(e) => setDisplayName(e.target.value)} />
        <label htmlFor="email">{t('auth.email')}</label>
        <input id="email" type="email" autoComplete="email" required value={email} onChange={(e) => setEmail(e.target.value)} />
        <label htmlFor="password">{t('auth.password')}</label>
        <input id="password" type="password" autoComplete="new-password" required minLength={10} aria-describedby="password-hint" value={password} onChange={(e) => setPassword(e.target.value)} />
        <p id="password-hint" className="muted">
          {t('auth.passwordHint')}
        </p>
        {signUp.isError && <ErrorView error={signUp.error} title={t('auth.signUpFailed')} />}
        <button type="submit" disabled={signUp.isPending}>
          {signUp.isPending ? t('auth.creating') : t('auth.createAccount')}
        </button>
      </form>
      <p>
        {t('auth.haveAccount')} <Link to={paths.signIn.href()}>{t('auth.signInLink')}</Link>
      </p>
    </div>
  );
}

/** The browser's IANA zone (issue 43: a new account's e-mails are written in it from the first one), if it has one. */
function browserTimeZone(): string | undefined {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || undefined;
  } catch {
    return undefined;
  }
}
