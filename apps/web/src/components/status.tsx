import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
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

/** A readable error: the API's message and its stable code (for support), never a stack. `page`: the page's own heading (its main content failed). */
export function ErrorView({ error, title, page = false }: { error: unknown; title?: string; page?: boolean }) {
  const { t } = useTranslation();
  title ??= t('common.errorTitle');
  const apiError = error instanceof ApiError ? error : null;
  const fields = apiError ? fieldProblems(apiError.details) : [];
  return (
    <div className="notice notice-error" role="alert">
      {page ? <h1 className="notice-title">{title}</h1> : <p className="notice-title">{title}</p>}
      <p>{apiError ? apiError.message : t('common.unexpected')}</p>
      {fields.length > 0 && (
        <ul className="problems">
          {fields.map((f) => (
            <li key={f.field}>
              <strong>{f.field}</strong>: {f.problems.join('; ')}
            </li>
          ))}
        </ul>
      )}
      {apiError && <p className="muted">{t('common.code', { code: apiError.code })}</p>}
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
