import { useEffect, useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorView } from '../../components/status';

/** A modal form (the native <dialog>): Escape or Cancel closes it, focus returns to the opener, an API refusal is shown inside. */
export function CallDialog({ title, confirm, children, onSubmit, onClose }: { title: string; confirm: string; children: (id: string) => ReactNode; onSubmit: () => Promise<unknown>; onClose: () => void }) {
  const { t } = useTranslation();
  const ref = useRef<HTMLDialogElement>(null);
  const opener = useRef<Element | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);
  const id = useId();
  useEffect(() => {
    opener.current = document.activeElement;
    const d = ref.current;
    if (d && !d.open) d.showModal();
    return () => {
      d?.close();
      if (opener.current instanceof HTMLElement && opener.current.isConnected) opener.current.focus();
    };
  }, []);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    setError(null);
    try {
      await onSubmit();
      onClose();
    } catch (err) {
      setError(err);
      setBusy(false);
    }
  };
  return (
    <dialog
      ref={ref}
      className="dialog"
      aria-labelledby={`${id}-t`}
      onCancel={(e) => {
        e.preventDefault();
        onClose();
      }}
    >
      <form onSubmit={submit} className="form">
        <h2 id={`${id}-t`}>{title}</h2>
        {children(id)}
        {error !== null && <ErrorView error={error} title={t('call.notSent')} />}
        <div className="dialog-buttons">
          <button type="submit" disabled={busy}>
            {busy ? t('call.sending') : confirm}
          </button>
          <button type="button" className="secondary" onClick={onClose}>
            {t('call.cancel')}
          </button>
        </div>
      </form>
    </dialog>
  );
}
