import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { useSignIn, useSignUp } from '../api/queries';
import { ErrorView } from '../components/status';

export function SignInPage() {
  const signIn = useSignIn();
  const navigate = useNavigate();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const submit = (e: FormEvent) => {
    e.preventDefault();
    signIn.mutate({ email, password }, { onSuccess: () => void navigate('/') });
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
        <Link to="/forgot-password">Forgot your password?</Link>
      </p>
      <p>
        New here? <Link to="/sign-up">Create an account</Link>
      </p>
    </div>
  );
}

export function SignUpPage() {
  const signUp = useSignUp();
  const navigate = useNavigate();
  const [displayName, setDisplayName] = useState('');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const submit = (e: FormEvent) => {
    e.preventDefault();
    signUp.mutate({ displayName, email, password }, { onSuccess: () => void navigate('/') });
  };
  return (
    <div className="narrow">
      <h1>Create an account</h1>
      <form className="form" onSubmit={submit}>
        <label htmlFor="displayName">Name shown to other players</label>
        <input id="displayName" autoComplete="nickname" required value={displayName} onChange={(e) => setDisplayName(e.target.value)} />
        <label htmlFor="email">Email</label>
        <input id="email" type="email" autoComplete="email" required value={email} onChange={(e) => setEmail(e.target.value)} />
        <label htmlFor="password">Password</label>
        <input id="password" type="password" autoComplete="new-password" required minLength={10} aria-describedby="password-hint" value={password} onChange={(e) => setPassword(e.target.value)} />
        <p id="password-hint" className="muted">
          At least 10 characters.
        </p>
        {signUp.isError && <ErrorView error={signUp.error} title="The account could not be created" />}
        <button type="submit" disabled={signUp.isPending}>
          {signUp.isPending ? 'Creating…' : 'Create account'}
        </button>
      </form>
      <p>
        Already have an account? <Link to="/sign-in">Sign in</Link>
      </p>
    </div>
  );
}

export function NotFoundPage() {
  return (
    <>
      <h1>Page not found</h1>
      <p>
        There is nothing at this address. <Link to="/">See the weekly challenges</Link>
      </p>
    </>
  );
}
