import { Injectable } from '@nestjs/common';
import type { AccountToken, AccountTokenPurpose, Prisma, User } from '@dcs/db';
import { AccountTokensRepository, changeEmail, markEmailVerified, resetPassword } from '@dcs/tournament';

type Tx = Prisma.TransactionClient;
type Refusal = 'unknown' | 'used' | 'expired';

/**
 * Uses a link: the token row is locked, checked (its purpose, unused, not revoked, not expired) and
 * marked used in the transaction that makes its change, so a link works once even when opened twice at once.
 */
@Injectable()
export class AccountRecoveryRepository {
  constructor(private readonly tokens: AccountTokensRepository) {}

  private use<T>(tokenHash: string, purpose: AccountTokenPurpose, now: Date, act: (tx: Tx, t: AccountToken) => Promise<T>): Promise<T | Refusal> {
    return this.tokens.transaction(async (tx) => {
      const t = await this.tokens.lock(tx, tokenHash);
      if (!t || t.purpose !== purpose) return 'unknown';
      if (t.usedAt || t.revokedAt) return 'used';
      if (t.expiresAt <= now) return 'expired';
      await this.tokens.use(tx, t.id, now);
      return act(tx, t);
    });
  }

  /** The address is verified if it is still the account's (a link to an old address after a change is refused as used). */
  async verifyEmail(tokenHash: string, now: Date): Promise<User | Refusal> {
    return this.use(tokenHash, 'verify_email', now, async (tx, t) => {
      if (!(await markEmailVerified(tx, t.userId, t.email, now))) return 'used' as const;
      return (await tx.user.findUniqueOrThrow({ where: { id: t.userId } })) as User;
    });
  }

  /** The new password; every token and every other link of the account revoked; the address proven by the mail is verified. */
  async resetPassword(tokenHash: string, passwordHash: string, now: Date): Promise<User | Refusal> {
    return this.use(tokenHash, 'reset_password', now, async (tx, t) => {
      await this.tokens.revokeAll(tx, t.userId, now);
      const user = await resetPassword(tx, t.userId, passwordHash);
      if (!user.emailVerifiedAt) await markEmailVerified(tx, user.id, t.email, now);
      return user;
    });
  }

  /**
   * The new address replaces the old one, verified; a taken address (someone signed up with it meanwhile) is
   * refused. Every other link of the account is revoked: a reset link mailed to the old address must not set a
   * password for the account at its new address. With the address it replaced (to be told of the change).
   */
  async changeEmail(tokenHash: string, now: Date): Promise<{ user: User; oldEmail: string; tokenId: string } | Refusal | 'email_taken'> {
    try {
      return await this.use(tokenHash, 'change_email', now, async (tx, t) => {
        const { email: oldEmail } = await tx.user.findUniqueOrThrow({ where: { id: t.userId }, select: { email: true } });
        await this.tokens.revokeAll(tx, t.userId, now);
        return { user: await changeEmail(tx, t.userId, t.email, now), oldEmail, tokenId: t.id };
      });
    } catch (err) {
      if ((err as { code?: string }).code === 'P2002') return 'email_taken';
      throw err;
    }
  }
}
