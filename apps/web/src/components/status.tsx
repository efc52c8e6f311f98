import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { ApiError } from '../api/client';
import './status.css';

/** The fields and their problems a VALIDATION_FAILED / INVALID_ID answer lists in `details` (`[{ field, problems[] }]`). */
function fieldProblems(details: unknown): { field: string; problems: string[] }[] {
  if (!Array.isArray(details)) return [];
  return details.flatMap((d: unknown) => {
    const f = d as { field?: unknown; problems?: unknown };
    return typeof f?.field === 'string' && Array.isArray(f.problems) ? [{ field: f.field, problems: f.problems.map(String) }] : [];
  });
}

/**
 * What went wrong, in words a player reads (issue 43): the codes whose API message is written for developers ("id must
 * be a UUID") have a sentence of their own (`errorWords.<CODE>`); every other code's message is already written for
 * people, in their language (libs/common/src/i18n), and is used as it is.
 */
export function errorWords(error: { code: string; message: string }, t: TFunction): string {
  return t(`errorWords.${error.code}`, { defaultValue: '' }) || error.message;
}

/** The code (and the server's own message, when the words above replaced it) behind a "Details" toggle: for support, not for reading. */
export function ErrorDetails({ error, extra }: { error: { code: string; message: string }; extra?: ReactNode }) {
  const { t } = useTranslation();
  const replaced = errorWords(error, t) !== error.message;
  return (
    <details className="error-details">
      <summary>{t('common.details')}</summary>
      {extra}
      {replaced && <p className="muted">{error.message}</p>}
      <p className="muted">{t('common.code', { code: error.code })}</p>
    </details>
  );
}

/** An error with a stable code: the API's (ApiError) or a live acknowledgement's (`{ code, message }`); null for anything else. */
function codedError(error: unknown): { code: string; message: string; details?: unknown } | null {
  if (error instanceof ApiError) return error;
  const e = error as { code?: unknown; message?: unknown } | null;
  return typeof e === 'object' && e !== null && typeof e.code === 'string' && typeof e.message === 'string' ? { code: e.code, message: e.message, details: (e as { details?: unknown }).details } : null;
}

/**
 * A readable error (an API answer or a live acknowledgement's): what went wrong in words, the code (for support)
 * behind a toggle, never a stack. `page`: the page's own heading (its main content failed).
 */
export function ErrorView({ error, title, page = false, testId }: { error: unknown; title?: string; page?: boolean; testId?: string }) {
  const { t } = useTranslation();
  title ??= t('common.errorTitle');
  const apiError = codedError(error);
  const fields = apiError ? fieldProblems(apiError.details) : [];
  // a form's refused fields are for the person who filled it in; the fields of a broken link (INVALID_ID) are not
  const problems =
    fields.length > 0 ? (
      <ul className="problems">
        {fields.map((f) => (
          <li key={f.field}>
            <strong>{f.field}</strong>: {f.problems.join('; ')}
          </li>
        ))}
      </ul>
    ) : null;
  const formProblems = apiError?.code === 'VALIDATION_FAILED';
  return (
    <div className="notice notice-error" role="alert" data-testid={testId}>
      {page ? <h1 className="notice-title">{title}</h1> : <p className="notice-title">{title}</p>}
      <p>{apiError ? errorWords(apiError, t) : t('common.unexpected')}</p>
      {formProblems && problems}
      {apiError && <ErrorDetails error={apiError} extra={formProblems ? null : problems} />}
    </div>
  );
}

export function Loading({ what }: { what: string }) {
  const { t } = useTranslation();
  return (
    <p className="loading" role="status">
      {t('common.loading', { what })}
    </p>
  );
}

export function Empty({ children }: { children: ReactNode }) {
  return <p className="empty">{children}</p>;
}
