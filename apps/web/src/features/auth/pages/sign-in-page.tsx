import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useSignIn } from '../api/auth-queries';
import { ErrorView } from '../../../components/status';
import { paths } from '../../../config/paths';

export function SignInPage() {
  const { t } = useTranslation();
  const signIn = useSignIn();
  const navigate = useNavigate();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const submit = (e: FormEvent) => {
    e.preventDefault();
    signIn.mutate({ email, password }, { onSuccess: () => void navigate(paths.home.href()) });
  };
  return (
    <div className="narrow">
      <h1>{t('auth.signInTitle')}</h1>
      <form className="form" onSubmit={submit}>
        <label htmlFor="email">{t('auth.email')}</label>
        <input id="email" type="email" autoComplete="username" required value={email} onChange={(e) => setEmail(e.target.value)} />
        <label htmlFor="password">{t('auth.password')}</label>
        <input id="password" type="password" autoComplete="current-password" required value={password} onChange={(e) => setPassword(e.target.value)} />
        {signIn.isError && <ErrorView error={signIn.error} title={t('auth.signInFailed')} />}
        <button type="submit" disabled={signIn.isPending}>
          {signIn.isPending ? t('auth.signingIn') : t('auth.signInButton')}
        </button>
      </form>
      <p>
        <Link to={paths.forgotPassword.href()}>{t('auth.forgot')}</Link>
      </p>
      <p>
        {t('auth.newHere')} <Link to={paths.signUp.href()}>{t('auth.createAccountLink')}</Link>
      </p>
    </div>
  );
}
