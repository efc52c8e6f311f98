import type { KeyboardEvent } from 'react';

/**
 * Page controls: first / previous / next / last buttons and "page N of M". The buttons stay
 * focusable at either end (aria-disabled) so focus is never lost; ←/→ (and Home/End) move
 * page while focus is inside the pager.
 */
export function Pager({ page, pages, onPage, label }: { page: number; pages: number; onPage: (page: number) => void; label: string }) {
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
      {button('First', 1, page <= 1, 'Home')}
      {button('Previous', page - 1, page <= 1, 'ArrowLeft')}
      <span className="pager-at">
        Page {page.toLocaleString('en-US')} of {pages.toLocaleString('en-US')}
      </span>
      {button('Next', page + 1, page >= pages, 'ArrowRight')}
      {button('Last', pages, page >= pages, 'End')}
    </nav>
  );
}
