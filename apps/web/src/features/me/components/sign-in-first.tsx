import { Link } from 'react-router';

export function SignInFirst({ what }: { what: string }) {
  return (
    <p>
      <Link to="/sign-in">Sign in</Link> to see {what}.
    </p>
  );
}
