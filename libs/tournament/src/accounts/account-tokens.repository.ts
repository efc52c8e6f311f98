import { Injectable } from '@nestjs/common';
import type { AccountToken, AccountTokenPurpose, Prisma } from '@dcs/db';
import { PrismaService } from '@dcs/common';

type Tx = Prisma.TransactionClient;

/**
 * The only code that writes account_tokens (docs/scaling.md, "Who writes which table"): the single-use
 * links of e-mail verification, password reset and change of address. Only hashes are stored.
 */
@Injectable()
export class AccountTokensRepository {
  constructor(private readonly prisma: PrismaService) {}

  /** A new link; the player's earlier unused links of the same purpose stop working (the latest mail is the one that counts). */
  issue(d: { userId: string; purpose: AccountTokenPurpose; tokenHash: string; email: string; expiresAt: Date; now: Date }): Promise<AccountToken> {
    return this.prisma.$transaction(async (tx) => {
      await tx.accountToken.updateMany({ where: { userId: d.userId, purpose: d.purpose, usedAt: null, revokedAt: null }, data: { revokedAt: d.now } });
      return tx.accountToken.create({ data: { userId: d.userId, purpose: d.purpose, tokenHash: d.tokenHash, email: d.email, expiresAt: d.expiresAt } });
    });
  }

  /** The token under its row lock, in the caller's transaction (two uses at once: one waits, then finds it used). */
  async lock(tx: Tx, tokenHash: string): Promise<AccountToken | null> {
    const [row] = await tx.$queryRaw<{ id: string }[]>`SELECT id FROM account_tokens WHERE token_hash = ${tokenHash} FOR UPDATE`;
    return row ? tx.accountToken.findUnique({ where: { id: row.id } }) : null;
  }

  async use(tx: Tx, id: string, now: Date): Promise<void> {
    await tx.accountToken.update({ where: { id }, data: { usedAt: now } });
  }

  /**
   * Every other live link of the player, whatever its purpose (a password reset and a change of address revoke
   * them all), or only those of `purposes` (a password change: the reset and change-of-address links).
   */
  async revokeAll(tx: Tx, userId: string, now: Date, purposes?: AccountTokenPurpose[]): Promise<void> {
    await tx.accountToken.updateMany({ where: { userId, usedAt: null, revokedAt: null, ...(purposes ? { purpose: { in: purposes } } : {}) }, data: { revokedAt: now } });
  }

  transaction<T>(fn: (tx: Tx) => Promise<T>): Promise<T> {
    return this.prisma.$transaction(fn);
  }
}
