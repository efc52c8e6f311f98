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

/** The same e-mails in Spanish (issue 24: the account's language). */
const TEXTS_ES: Record<AccountMailKind, { subject: string; heading: string; lead: string; action: string }> = {
  verify_email: {
    subject: 'Confirma tu correo electrónico',
    heading: 'Confirma tu correo electrónico',
    lead: 'Confirma esta dirección para recibir por correo los recordatorios y avisos de la DCS Tournament Platform. Puedes jugar sin hacerlo.',
    action: 'Confirmar mi dirección',
  },
  reset_password: {
    subject: 'Restablece tu contraseña',
    heading: 'Restablece tu contraseña',
    lead: 'Alguien (esperamos que tú) pidió restablecer la contraseña de la cuenta con esta dirección. El enlace funciona una sola vez. Al restablecer la contraseña se cierra la sesión en todos los dispositivos de la cuenta.',
    action: 'Elegir una contraseña nueva',
  },
  change_email: {
    subject: 'Confirma tu nuevo correo electrónico',
    heading: 'Confirma tu nuevo correo electrónico',
    lead: 'Confirma esta dirección para que sea el correo de tu cuenta DCS. Hasta que lo hagas, sigue la dirección anterior.',
    action: 'Usar esta dirección',
  },
};

/** An account e-mail with its single-use link (the secret only ever travels in the link), in the account's language. */
export function accountMail(
  kind: AccountMailKind,
  m: { to: string; secret: string; tokenId: string; expiresMinutes: number; publicUrl: string; mailDomain: string; language?: string },
): MailMessage {
  const es = m.language === 'es';
  const t = { ...TEXTS[kind], ...(es ? TEXTS_ES[kind] : {}) };
  const url = `${m.publicUrl}${t.path}?token=${encodeURIComponent(m.secret)}`;
  const long = m.expiresMinutes >= 120;
  const n = long ? Math.round(m.expiresMinutes / 60) : m.expiresMinutes;
  const expires = es ? `El enlace caduca en ${n} ${long ? 'horas' : 'minutos'}.` : `The link expires in ${n} ${long ? 'hours' : 'minutes'}.`;
  const ignore = es ? 'Si no lo pediste, ignora este correo: no cambia nada.' : 'If you did not ask for this, ignore this e-mail: nothing changes.';
  const { text, html } = layout({
    publicUrl: m.publicUrl,
    heading: t.heading,
    paragraphs: [t.lead, expires, ignore],
    action: { label: t.action, url },
    footer: ['DCS Tournament Platform'],
  });
  return { to: m.to, subject: t.subject, text, html, messageId: `account-${m.tokenId}@${m.mailDomain}`, headers: {} };
}

/** An account notice without a link (issue 36): what happened to the account, in its language. */
export type AccountNoticeKind = 'email_changed' | 'email_in_use';

const NOTICES: Record<'en' | 'es', Record<AccountNoticeKind, { subject: string; paragraphs: (newEmail: string) => string[] }>> = {
  en: {
    email_changed: {
      subject: 'Your e-mail address was changed',
      paragraphs: (to) => [
        `The e-mail address of your DCS Tournament Platform account is now ${to}. E-mails for the account, password-reset links included, no longer come to this address.`,
        'If you made this change, there is nothing to do. If you did not, someone else can sign in to your account: ask the DCS staff of your city for help at once, from this address.',
      ],
    },
    email_in_use: {
      subject: 'Someone asked to use this address',
      paragraphs: () => [
        'A signed-in DCS Tournament Platform account asked to make this address its e-mail address. This address already belongs to an account, so nothing changed.',
        'If it was you, sign in with this address (from the sign-in page you can reset its password). If it was not, ignore this e-mail.',
      ],
    },
  },
  es: {
    email_changed: {
      subject: 'Cambió el correo de tu cuenta',
      paragraphs: (to) => [
        `El correo de tu cuenta de la DCS Tournament Platform ahora es ${to}. Los correos de la cuenta, también los enlaces para restablecer la contraseña, ya no llegan a esta dirección.`,
        'Si hiciste tú el cambio, no hay nada que hacer. Si no, otra persona puede entrar en tu cuenta: pide ayuda cuanto antes al personal de la DCS de tu ciudad, desde esta dirección.',
      ],
    },
    email_in_use: {
      subject: 'Alguien pidió usar esta dirección',
      paragraphs: () => [
        'Una cuenta de la DCS Tournament Platform pidió que esta dirección fuera su correo. Esta dirección ya tiene una cuenta, así que no cambió nada.',
        'Si fuiste tú, entra con esta dirección (desde la página de entrada puedes restablecer su contraseña). Si no, ignora este correo.',
      ],
    },
  },
};

/** "an***@example.com": enough for the owner to recognise the address, not the whole of it. */
export const maskedAddress = (email: string): string => {
  const at = email.lastIndexOf('@');
  return `${email.slice(0, Math.min(2, Math.max(0, at - 1)))}***${email.slice(at)}`;
};

/**
 * A notice about the account without a link: to the old address when the address changed (`newEmail`, shown
 * masked), or to the owner of an address another account asked to move to. `id` makes the Message-ID.
 */
export function accountNotice(kind: AccountNoticeKind, m: { to: string; id: string; newEmail?: string; publicUrl: string; mailDomain: string; language?: string }): MailMessage {
  const t = NOTICES[m.language === 'es' ? 'es' : 'en'][kind];
  const { text, html } = layout({ publicUrl: m.publicUrl, heading: t.subject, paragraphs: t.paragraphs(maskedAddress(m.newEmail ?? '')), footer: ['DCS Tournament Platform'] });
  return { to: m.to, subject: t.subject, text, html, messageId: `account-${kind}-${m.id}@${m.mailDomain}`, headers: {} };
}

/** The domain of the From address, for Message-IDs. */
export function mailDomain(from: string): string {
  return /@([^\s>]+)>?\s*$/.exec(from)?.[1] ?? 'dcs.localhost';
}
