import { Trans, useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useLiveSocket } from '../../../live/socket';
import { paths } from '../../../config/paths';

/** Says why live updates stopped when the server ended the page's session (signed out elsewhere, expired, too many tabs). */
export function LiveSessionEnded() {
  const { ended } = useLiveSocket();
  const { t } = useTranslation();
  if (!ended) return null;
  const tooMany = ended.code === 'TOO_MANY_CONNECTIONS';
  return (
    <div className="notice notice-error" role="alert" data-testid="live-session-ended">
      <p className="notice-title">{tooMany ? t('session.tooMany') : t('session.signedOut')}</p>
      <p>{ended.message}</p>
      {tooMany ? (
        <p>{t('session.closeOther')}</p>
      ) : (
        <p>
          <Trans i18nKey="session.signInAgain" components={[<Link to={paths.signIn.href()} />]} />
        </p>
      )}
    </div>
  );
}
