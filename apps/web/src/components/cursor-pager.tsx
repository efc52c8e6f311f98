import { useTranslation } from 'react-i18next';

/**
 * Newer / older pages of a cursor-paged list (the API answers `next` for the page after; the page keeps
 * the cursors it went through). The buttons stay focusable at either end (aria-disabled), like Pager's.
 */
export function CursorPager({ page, hasOlder, onNewer, onOlder, label, note }: { page: number; hasOlder: boolean; onNewer(): void; onOlder(): void; label: string; note?: string }) {
  const { t } = useTranslation();
  return (
    <nav className="pager" aria-label={label}>
      <button type="button" className="pager-button" aria-disabled={page <= 1} onClick={() => page > 1 && onNewer()}>
        {t('pager.newer')}
      </button>
      <span className="pager-at">
        {t('pager.page', { page })}
        {note ? ` (${note})` : ''}
      </span>
      <button type="button" className="pager-button" aria-disabled={!hasOlder} onClick={() => hasOlder && onOlder()}>
        {t('pager.older')}
      </button>
    </nav>
  );
}
