import { Inject, Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import type { Pool } from 'pg';
import type { Role, User } from '@dcs/db';
import { PG_POOL, PrismaService, type Language } from '@dcs/common';
import { AccountTokensRepository, backfillNameSkeletons, bumpTokenVersion, insertUser, nameSkeletonTaken, recordAudit, replacePassword, setUserLocale, setUserRoles } from '@dcs/tournament';

@Injectable()
export class UsersRepository implements OnApplicationBootstrap {
  private readonly logger = new Logger(UsersRepository.name);

  constructor(
    private readonly prisma: PrismaService,
    @Inject(PG_POOL) private readonly pool: Pool,
    private readonly tokens: AccountTokensRepository,
  ) {}

  /**
   * The accounts that existed before name skeletons get theirs (the migration that added the column could
   * not compute them). Never stops the start: an API whose database is down must still come up and say so
   * at /health; the next start fills what is left.
   */
  async onApplicationBootstrap(): Promise<void> {
    try {
      const filled = await backfillNameSkeletons(this.prisma);
      if (filled) this.logger.log(`${filled} accounts got their display name's skeleton`);
    } catch (err) {
      this.logger.warn(`display-name skeletons not filled at start (${(err as Error).message.split('\n').filter(Boolean).pop()}); the next start tries again`);
    }
  }

  findById(id: string): Promise<User | null> {
    return this.prisma.user.findUnique({ where: { id } });
  }

  /**
   * What a token check reads of an account (AuthGuard.currentUser: every HTTP request and every
   * socket event): one indexed row on the node-postgres pool, the move path's, since a live table
   * asks it on every move.
   */
  async tokenHolder(id: string): Promise<Pick<User, 'id' | 'email' | 'displayName' | 'roles' | 'tokenVersion' | 'status' | 'locale'> | null> {
    const { rows } = await this.pool.query<{ email: string; display_name: string; roles: Role[]; status: User['status']; token_version: number; locale: string }>(
      'SELECT email, display_name, roles::text[] AS roles, status::text AS status, token_version, locale FROM users WHERE id = $1',
      [id],
    );
    const r = rows[0];
    return r ? { id, email: r.email, displayName: r.display_name, roles: r.roles, tokenVersion: r.token_version, status: r.status, locale: r.locale } : null;
  }

  /** Sets the account's language (issue 24); null when the account does not exist. */
  async setLocale(id: string, locale: Language): Promise<User | null> {
    return (await setUserLocale(this.prisma, id, locale)) ? this.findById(id) : null;
  }

  findByEmail(email: string): Promise<User | null> {
    return this.prisma.user.findUnique({ where: { email: email.toLowerCase() } });
  }

  /** Whether a name that looks like `displayName` is taken (read before the password is hashed; the unique index decides). */
  nameTaken(displayName: string): Promise<boolean> {
    return nameSkeletonTaken(this.prisma, displayName);
  }

  /** Creates the user; which is taken when a unique constraint refuses it: the email or a look-alike of the name. */
  async create(data: { email: string; passwordHash: string; displayName: string; locale?: Language; timeZone?: string }): Promise<User | 'email_taken' | 'name_taken'> {
    try {
      return await insertUser(this.prisma, data);
    } catch (err) {
      if ((err as { code?: string }).code !== 'P2002') throw err;
      return (await this.findByEmail(data.email)) ? 'email_taken' : 'name_taken';
    }
  }

  /** The account with its saved time zone (its delivery settings'; null when none is saved), in one read. */
  async findWithTimeZone(id: string): Promise<{ user: User; timeZone: string | null } | null> {
    const row = await this.prisma.user.findUnique({ where: { id }, include: { deliverySettings: { select: { timeZone: true } } } });
    if (!row) return null;
    const { deliverySettings, ...user } = row;
    return { user, timeZone: deliverySettings?.timeZone ?? null };
  }

  /** Bumps tokenVersion: every token issued before stops working. The account as it is now; null when it does not exist. */
  revokeTokens(id: string): Promise<Pick<User, 'id' | 'tokenVersion' | 'roles' | 'status'> | null> {
    return bumpTokenVersion(this.prisma, id);
  }

  /**
   * Replaces the password hash if it is still `expected` (the one the current password was checked
   * against: two changes at once cannot both pass on the old password) and bumps tokenVersion; the
   * account's outstanding reset and change-of-address links stop working with the old password (one
   * mailed before must not undo the change). Null when it was changed meanwhile.
   */
  changePassword(id: string, expected: string, passwordHash: string, now: Date): Promise<User | null> {
    return this.prisma.$transaction(async (tx) => {
      if (!(await replacePassword(tx, id, expected, passwordHash))) return null;
      await this.tokens.revokeAll(tx, id, now, ['reset_password', 'change_email']);
      return tx.user.findUnique({ where: { id } });
    });
  }

  /**
   * Sets the roles and writes the audit entry in one transaction; bumps tokenVersion so old tokens
   * stop working. The roles it replaces are read under the user's row lock (as a penalty takes it,
   * PenaltyEffects.lockUser): read before, two changes at once both audited "from" the same roles,
   * one of them not what it replaced. Null when the user does not exist.
   */
  setRoles(id: string, roles: Role[], actorId: string, reason: string | undefined): Promise<User | null> {
    return this.prisma.$transaction(async (tx) => {
      const [locked] = await tx.$queryRaw<{ roles: Role[] }[]>`SELECT roles::text[] AS roles FROM users WHERE id = ${id}::uuid FOR NO KEY UPDATE`;
      if (!locked) return null;
      const previous = locked.roles;
      const user = await setUserRoles(tx, id, roles);
      await recordAudit(tx, { actorId, action: 'user.roles.set', entityType: 'user', entityId: id, reason, data: { from: previous, to: roles } });
      return user;
    });
  }
}
