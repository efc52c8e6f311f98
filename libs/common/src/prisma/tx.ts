import type { Prisma } from '@dcs/db';

/** An interactive transaction's client: what every repository method that writes inside a caller's transaction takes. */
export type Tx = Prisma.TransactionClient;
