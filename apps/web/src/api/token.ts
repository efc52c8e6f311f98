/** The access token, kept in localStorage so a reload stays signed in (the API checks it on every call). */
const KEY = 'dcs.accessToken';

export function readToken(): string | null {
  try {
    return localStorage.getItem(KEY);
  } catch {
    return null;
  }
}

export function writeToken(token: string | null): void {
  try {
    if (token) localStorage.setItem(KEY, token);
    else localStorage.removeItem(KEY);
  } catch {
    // private mode: the session lasts as long as the tab
  }
}
