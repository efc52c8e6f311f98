import { Link } from 'react-router';

export function SignedOut({ title, what }: { title: string; what: string }) {
  return (
    <>
      <h1>{title}</h1>
      <p>
        <Link to="/sign-in">Sign in</Link> to see {what}.
      </p>
    </>
  );
}
