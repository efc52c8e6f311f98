import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { paths } from '../../../config/paths';

export function SignInFirst({ what }: { what: string }) {
  const { t } = useTranslation();
  return (
    <p>
      <Link to={paths.signIn.href()}>{t('me.signIn')}</Link>
      {t('me.toSee', { what })}
    </p>
  );
}
