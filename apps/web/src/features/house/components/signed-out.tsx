import { Link } from 'react-router';
import { Trans } from 'react-i18next';
import { paths } from '../../../config/paths';

/** A house page for a visitor: its title and a link to sign in (`what`: what they would see, in the page's language). */
export function SignedOut({ title, what }: { title: string; what: string }) {
  return (
    <>
      <h1>{title}</h1>
      <p>
        <Trans i18nKey="standing.signIn" values={{ what }} components={[<Link to={paths.signIn.href()} />]} />
      </p>
    </>
  );
}
