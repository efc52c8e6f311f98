import { formatNumber } from '../utils/format';
import { useCallback, type MouseEvent } from 'react';
import { useNavigate } from 'react-router';

/**
 * For a long list of links (a 512-player bracket's 128 tables, a standings page's 50 players): plain
 * `<a href data-app-link>` elements, and this one click handler on their container follows them inside
 * the app. A router `<Link>` per row resolves its path on every render; here nothing runs until a click.
 * A modified or middle click keeps the browser's own behaviour (new tab, new window).
 */
export function useAppLinks(): (e: MouseEvent<HTMLElement>) => void {
  const navigate = useNavigate();
  return useCallback(
    (e: MouseEvent<HTMLElement>) => {
      const a = (e.target as HTMLElement).closest<HTMLAnchorElement>('a[data-app-link]');
      if (!a || e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
      e.preventDefault();
      void navigate(a.getAttribute('href')!);
    },
    [navigate],
  );
}

/** Whole numbers as people of the page's language read them ("12,345"), with one formatter per language (utils/format). */
export const formatCount = (n: number) => formatNumber(n);
