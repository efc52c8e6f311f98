import { Link } from 'react-router';
import { paths } from '../../../config/paths';

export function SignInFirst({ what }: { what: string }) {
  return (
    <p>
      <Link to={paths.signIn.href()}>Sign in</Link> to see {what}.
    </p>
  );
}
