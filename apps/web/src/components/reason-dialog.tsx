import { useTranslation } from 'react-i18next';
import { useEffect, useId, useRef, useState, type FormEvent, type KeyboardEvent, type ReactNode } from 'react';
import { ErrorView } from './status';
import './reason-dialog.css';

export interface ReasonDialogProps {
  /** the dialog's title, e.g. "Disqualify Ana" */
  title: string;
  /** what will happen, in a sentence */
  description?: ReactNode;
  /** the submit button's label, e.g. "Disqualify" */
  confirm: string;
  /** extra fields above the reason (a finding, an outcome, the finishing order …) */
  children?: ReactNode;
  /** does the act with the reason; a rejection (an ApiError) is shown in the dialog, which stays open */
  onSubmit: (reason: string) => Promise<unknown>;
  /** closes it (Escape, Cancel, or after success) */
  onClose: () => void;
  /** the text field's label when it is not a staff member's reason (a player's account of what they saw) */
  reasonLabel?: string;
}

const FOCUSABLE = 'button:not([disabled]), [href], input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/**
 * Every staff act that needs a reason: a modal dialog (the native <dialog>: the page behind is inert),
 * focus kept inside (Tab wraps), Escape or Cancel closes it and focus returns to the control that
 * opened it. The API's refusal `{code, message}` is shown inside, and nothing is closed on an error.
 */
export function ReasonDialog({ title, description, confirm, children, onSubmit, onClose, reasonLabel }: ReasonDialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const opener = useRef<Element | null>(null);
  const [reason, setReason] = useState('');
  const { t } = useTranslation();
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
      await onSubmit(reason.trim());
      onClose();
    } catch (err) {
      setError(err);
      setBusy(false);
    }
  };

  /** Tab and Shift+Tab wrap around the dialog's own controls. */
  const trap = (e: KeyboardEvent<HTMLDialogElement>) => {
    if (e.key !== 'Tab' || !ref.current) return;
    const items = [...ref.current.querySelectorAll<HTMLElement>(FOCUSABLE)];
    if (!items.length) return;
    const [first, last] = [items[0], items[items.length - 1]];
    if (e.shiftKey && document.activeElement === first) {
      e.preventDefault();
      last.focus();
    } else if (!e.shiftKey && document.activeElement === last) {
      e.preventDefault();
      first.focus();
    }
  };

  return (
    <dialog
      ref={ref}
      className="dialog"
      aria-labelledby={`${id}-t`}
      aria-describedby={description ? `${id}-d` : undefined}
      onKeyDown={trap}
      onCancel={(e) => {
        e.preventDefault();
        onClose();
      }}
    >
      <form onSubmit={submit} className="form">
        <h2 id={`${id}-t`}>{title}</h2>
        {description && <p id={`${id}-d`}>{description}</p>}
        {children}
        <label htmlFor={`${id}-r`}>{reasonLabel ?? t('staff.reasonLabel')}</label>
        <textarea id={`${id}-r`} value={reason} onChange={(e) => setReason(e.target.value)} required minLength={3} maxLength={2000} rows={3} autoFocus />
        {error !== null && <ErrorView error={error} title={t('staff.notDone')} />}
        <div className="dialog-buttons">
          <button type="submit" disabled={busy}>
            {busy ? t('staff.working') : confirm}
          </button>
          <button type="button" className="secondary" onClick={onClose}>
            {t('staff.cancel')}
          </button>
        </div>
      </form>
    </dialog>
  );
}
