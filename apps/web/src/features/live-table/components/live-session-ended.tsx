import { Link } from 'react-router';
import { useLiveSocket } from '../../../live/socket';
import { paths } from '../../../config/paths';

/** Says why live updates stopped when the server ended the page's session (signed out elsewhere, expired, too many tabs). */
export function LiveSessionEnded() {
  const { ended } = useLiveSocket();
  if (!ended) return null;
  const tooMany = ended.code === 'TOO_MANY_CONNECTIONS';
  return (
    <div className="notice notice-error" role="alert" data-testid="live-session-ended">
      <p className="notice-title">{tooMany ? 'Too many live connections' : 'You were signed out'}</p>
      <p>{ended.message}</p>
      {tooMany ? (
        <p>Close another tab or device, then reload this page.</p>
      ) : (
        <p>
          <Link to={paths.signIn.href()}>Sign in again</Link> to play; until then this page shows the table as a spectator.
        </p>
      )}
    </div>
  );
}
