/** Pure (no Nest import): the web app imports it through the live contract. */
/** The error body of every failed request: a stable code, a readable message, optional details. */
export interface ErrorBody {
  code: string;
  message: string;
  details?: unknown;
}
