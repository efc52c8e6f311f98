import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../config/paths';

export function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <>
      <h1>{t('notFound.title')}</h1>
      <p>
        {t('notFound.text')} <Link to={paths.home.href()}>{t('notFound.link')}</Link>
      </p>
    </>
  );
}
