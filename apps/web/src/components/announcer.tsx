import { createContext, useCallback, useContext, useState, type ReactNode } from 'react';

/** Screen-reader announcements of live changes (a table finished, a round was seated): one polite live region. */
const AnnounceContext = createContext<(text: string) => void>(() => undefined);

export function Announcer({ children }: { children: ReactNode }) {
  const [messages, setMessages] = useState<{ id: number; text: string }[]>([]);
  const announce = useCallback((text: string) => {
    setMessages((m) => [...m.slice(-4), { id: Date.now() + Math.random(), text }]);
  }, []);
  return (
    <AnnounceContext.Provider value={announce}>
      {children}
      <div className="sr-only" aria-live="polite" aria-atomic="false" data-testid="announcer">
        {messages.map((m) => (
          <p key={m.id}>{m.text}</p>
        ))}
      </div>
    </AnnounceContext.Provider>
  );
}

export const useAnnounce = () => useContext(AnnounceContext);
