import { Link } from 'react-router';
import { paths } from '../config/paths';

export function NotFoundPage() {
  return (
    <>
      <h1>Page not found</h1>
      <p>
        There is nothing at this address. <Link to={paths.home.href()}>See the weekly challenges</Link>
      </p>
    </>
  );
}
