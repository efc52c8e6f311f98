import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { Ack, ChatMessage } from '@dcs/common/live/live.contract';
import './table-chat.css';
import { ErrorView } from '../../../components/status';

/** Table chat: the lines delivered after the filter, and a box to send one; a refusal (the filter, a chat restriction) is shown with its message. */
export function TableChat({ messages, onSend, canSend, title, id = 'chat' }: { messages: ChatMessage[]; onSend(text: string): Promise<Ack<unknown>>; canSend: boolean; title?: string; id?: string }) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const [error, setError] = useState<{ code: string; message: string } | null>(null);
  const [sending, setSending] = useState(false);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const line = text.trim();
    if (!line) return;
    setSending(true);
    const res = await onSend(line);
    setSending(false);
    if (res.ok) {
      setText('');
      setError(null);
    } else setError(res.error);
  };
  return (
    <section aria-labelledby={`${id}-h`} className="chat" data-testid={id}>
      <h2 id={`${id}-h`}>{title ?? t('chat.title')}</h2>
      {messages.length === 0 ? (
        <p className="empty">{t('chat.none')}</p>
      ) : (
        <ol className="chat-lines" aria-live="polite">
          {messages.map((m) => (
            <li key={m.id}>
              <strong>{m.displayName}:</strong> {m.text}
            </li>
          ))}
        </ol>
      )}
      {canSend && (
        <form className="chat-form" onSubmit={(e) => void submit(e)}>
          <label htmlFor={`${id}-text`}>{t('chat.message')}</label>
          <input id={`${id}-text`} value={text} maxLength={500} onChange={(e) => setText(e.target.value)} autoComplete="off" />
          <button type="submit" disabled={sending}>
            {t('chat.send')}
          </button>
        </form>
      )}
      {error && <ErrorView error={error} title={t('chat.notSent')} />}
    </section>
  );
}
