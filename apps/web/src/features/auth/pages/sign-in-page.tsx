import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { useSignIn } from '../api/auth-queries';
import { ErrorView } from '../../../components/status';
import { paths } from '../../../config/paths';

export function SignInPage() {
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
      <h1>Sign in</h1>
      <form className="form" onSubmit={submit}>
        <label htmlFor="email">Email</label>
        <input id="email" type="email" autoComplete="username" required value={email} onChange={(e) => setEmail(e.target.value)} />
        <label htmlFor="password">Password</label>
        <input id="password" type="password" autoComplete="current-password" required value={password} onChange={(e) => setPassword(e.target.value)} />
        {signIn.isError && <ErrorView error={signIn.error} title="Sign-in failed" />}
        <button type="submit" disabled={signIn.isPending}>
          {signIn.isPending ? 'Signing in…' : 'Sign in'}
        </button>
      </form>
      <p>
        <Link to={paths.forgotPassword.href()}>Forgot your password?</Link>
      </p>
      <p>
        New here? <Link to={paths.signUp.href()}>Create an account</Link>
      </p>
    </div>
  );
}
