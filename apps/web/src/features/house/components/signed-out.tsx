import { Link } from 'react-router';
import { paths } from '../../../config/paths';

export function SignedOut({ title, what }: { title: string; what: string }) {
  return (
    <>
      <h1>{title}</h1>
      <p>
        <Link to={paths.signIn.href()}>Sign in</Link> to see {what}.
      </p>
    </>
  );
}
