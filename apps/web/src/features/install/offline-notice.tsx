import { useTranslation } from 'react-i18next';
import { useOnline } from './install-state';
import './install.css';

/** Offline (the app opened from the service worker's copy, or the connection dropped): said at the top of every page. */
export function OfflineNotice() {
  const { t } = useTranslation();
  const online = useOnline();
  if (online) return null;
  return (
    <div className="notice notice-error offline-notice" role="status">
      <p className="notice-title">{t('install.offline')}</p>
      <p>{t('install.offlineWhy')}</p>
    </div>
  );
}
