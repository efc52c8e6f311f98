import type { ReactNode } from 'react';
import { ApiError } from '../api/client';

/** A readable error: the API's message and its stable code (for support), never a stack. `page`: the page's own heading (its main content failed). */
export function ErrorView({ error, title = 'Something went wrong', page = false }: { error: unknown; title?: string; page?: boolean }) {
  const apiError = error instanceof ApiError ? error : null;
  return (
    <div className="notice notice-error" role="alert">
      {page ? <h1 className="notice-title">{title}</h1> : <p className="notice-title">{title}</p>}
      <p>{apiError ? apiError.message : 'An unexpected error happened. Please reload the page.'}</p>
      {apiError && <p className="muted">Code: {apiError.code}</p>}
    </div>
  );
}

export function Loading({ what }: { what: string }) {
  return (
    <p className="loading" role="status">
      Loading {what}…
    </p>
  );
}

export function Empty({ children }: { children: ReactNode }) {
  return <p className="empty">{children}</p>;
}
