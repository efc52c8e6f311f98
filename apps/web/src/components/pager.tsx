import type { KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../utils/format';

/**
 * Page controls: first / previous / next / last buttons and "page N of M". The buttons stay
 * focusable at either end (aria-disabled) so focus is never lost; ←/→ (and Home/End) move
 * page while focus is inside the pager.
 */
export function Pager({ page, pages, onPage, label }: { page: number; pages: number; onPage: (page: number) => void; label: string }) {
  const { t } = useTranslation();
  const go = (p: number) => {
    const next = Math.min(Math.max(1, p), pages);
    if (next !== page) onPage(next);
  };
  const onKey = (e: KeyboardEvent) => {
    const to = { ArrowLeft: page - 1, ArrowRight: page + 1, Home: 1, End: pages }[e.key];
    if (to === undefined) return;
    e.preventDefault();
    go(to);
  };
  const button = (text: string, to: number, disabled: boolean, key?: string) => (
    <button type="button" className="pager-button" aria-disabled={disabled} aria-keyshortcuts={key} onClick={() => !disabled && go(to)}>
      {text}
    </button>
  );
  return (
    <nav className="pager" aria-label={label} onKeyDown={onKey}>
      {button(t('common.first'), 1, page <= 1, 'Home')}
      {button(t('common.previous'), page - 1, page <= 1, 'ArrowLeft')}
      <span className="pager-at">
        {t('common.pageOf', { page: formatNumber(page), pages: formatNumber(pages) })}
      </span>
      {button(t('common.next'), page + 1, page >= pages, 'ArrowRight')}
      {button(t('common.last'), pages, page >= pages, 'End')}
    </nav>
  );
}
