import { layout, type MailMessage } from './mail-message';

export type AccountMailKind = 'verify_email' | 'reset_password' | 'change_email';

const TEXTS: Record<AccountMailKind, { subject: string; heading: string; lead: string; action: string; path: string }> = {
  verify_email: {
    subject: 'Confirm your e-mail address',
    heading: 'Confirm your e-mail address',
    lead: 'Confirm this address to get reminders and notices from the DCS Tournament Platform by e-mail. You can play without it.',
    action: 'Confirm my address',
    path: '/verify-email',
  },
  reset_password: {
    subject: 'Reset your password',
    heading: 'Reset your password',
    lead: 'Someone (we hope you) asked to reset the password of the account with this address. The link works once. Every device signed in to the account is signed out when the password is reset.',
    action: 'Choose a new password',
    path: '/reset-password',
  },
  change_email: {
    subject: 'Confirm your new e-mail address',
    heading: 'Confirm your new e-mail address',
    lead: 'Confirm this address to make it the e-mail address of your DCS account. Until you do, the old address stays.',
    action: 'Use this address',
    path: '/confirm-email',
  },
};

/** An account e-mail with its single-use link (the secret only ever travels in the link). */
export function accountMail(kind: AccountMailKind, m: { to: string; secret: string; tokenId: string; expiresMinutes: number; publicUrl: string; mailDomain: string }): MailMessage {
  const t = TEXTS[kind];
  const url = `${m.publicUrl}${t.path}?token=${encodeURIComponent(m.secret)}`;
  const hours = m.expiresMinutes >= 120 ? `${Math.round(m.expiresMinutes / 60)} hours` : `${m.expiresMinutes} minutes`;
  const { text, html } = layout({
    publicUrl: m.publicUrl,
    heading: t.heading,
    paragraphs: [t.lead, `The link expires in ${hours}.`, 'If you did not ask for this, ignore this e-mail: nothing changes.'],
    action: { label: t.action, url },
    footer: ['DCS Tournament Platform'],
  });
  return { to: m.to, subject: t.subject, text, html, messageId: `account-${m.tokenId}@${m.mailDomain}`, headers: {} };
}

/** The domain of the From address, for Message-IDs. */
export function mailDomain(from: string): string {
  return /@([^\s>]+)>?\s*$/.exec(from)?.[1] ?? 'dcs.localhost';
}
