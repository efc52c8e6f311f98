import { AppError } from '@dcs/common';

/** Control characters (C0, C1, DEL), line and paragraph separators, and format characters (direction controls, zero-width …). */
const UNSEEN = /[\p{Cc}\p{Zl}\p{Zp}\p{Cf}]/u;

/**
 * An e-mail address a person typed (sign-up, change of address, password reset), as the platform takes it
 * (docs/rules.md, "Accounts and e-mail"): no control, line-break or format character anywhere — an address
 * ends up in mail headers, and `"x\r\nsubject: pwned"@victim.example` would write one — and no quoted local
 * part, which `@IsEmail()` lets through with such characters inside and no mailbox a person uses needs.
 * Throws 400 EMAIL_INVALID naming the field.
 */
export function acceptMailAddress(email: string, field: string): void {
  const problem = UNSEEN.test(email) ? 'may not contain control, line-break or invisible characters' : email.startsWith('"') ? 'may not have a quoted part before the @' : null;
  if (problem) throw new AppError('EMAIL_INVALID', `${field} ${problem}`, [{ field, problems: [problem] }]);
}
