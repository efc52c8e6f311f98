import { useCallback, useState, type ReactNode } from 'react';
import { useAnnounce } from './announcer';

/** A row of labelled facts (status, start, counts …) at the top of a page. */
export function Facts({ items }: { items: [label: string, value: ReactNode][] }) {
  return (
    <dl className="facts">
      {items.map(([dt, dd]) => (
        <div key={dt}>
          <dt>{dt}</dt>
          <dd>{dd}</dd>
        </div>
      ))}
    </dl>
  );
}

/** What a staff act did: shown on the page and announced. Returns the notice to render and the setter. */
export function useOutcome(): [ReactNode, (text: string) => void] {
  const [text, setText] = useState('');
  const announce = useAnnounce();
  const set = useCallback(
    (t: string) => {
      setText(t);
      announce(t);
    },
    [announce],
  );
  const notice = text ? (
    <p className="notice notice-ok" role="status">
      {text}
    </p>
  ) : null;
  return [notice, set];
}
