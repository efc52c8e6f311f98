import { expect, type Page } from '@playwright/test';
import { apiBase } from './platform-control';

/** Signs in through the sign-in page, as a user would, and waits for the name in the header. */
export async function signInAs(page: Page, login: { email: string; password: string }): Promise<void> {
  await page.goto('/sign-in');
  await page.getByLabel('Email').fill(login.email);
  await page.getByLabel('Password').fill(login.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('banner').getByRole('link', { name: 'Sign in' })).toHaveCount(0);
  // Sign out is in the header at desktop widths, in the header's menu on a phone.
  if ((page.viewportSize()?.width ?? 1280) < 760) {
    await page.getByRole('banner').getByRole('button', { name: 'Menu' }).click();
    await expect(page.getByRole('button', { name: 'Sign out' })).toBeVisible();
    await page.keyboard.press('Escape');
  } else {
    await expect(page.getByRole('button', { name: 'Sign out' })).toBeVisible();
  }
}

/** The API straight (test setup, as the e2e suites do): a token, then JSON calls with it. */
export async function apiToken(login: { email: string; password: string }): Promise<string> {
  const res = await fetch(`${apiBase}/api/auth/login`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ email: login.email, password: login.password }) });
  const body = (await res.json()) as { accessToken?: string; message?: string };
  if (!body.accessToken) throw new Error(`login ${login.email}: ${res.status} ${body.message}`);
  return body.accessToken;
}

export async function apiCall<T>(token: string, method: 'GET' | 'POST', path: string, body?: unknown): Promise<T> {
  const res = await fetch(`${apiBase}${path}`, { method, headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` }, body: body === undefined ? undefined : JSON.stringify(body) });
  const out = (await res.json()) as T & { message?: string };
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${out.message}`);
  return out;
}
