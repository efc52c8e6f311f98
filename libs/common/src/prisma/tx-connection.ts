import { Pool, type ClientBase, type PoolClient } from 'pg';
import type { Tx } from './tx';

/**
 * The node-postgres connection under a Prisma interactive transaction, for the rare statement whose
 * parameters are too large for Prisma's raw-query path (megabytes: Prisma copies and re-encodes every
 * parameter; node-postgres sends a Buffer as it is, in PostgreSQL's binary format). The statement runs
 * on the very connection, hence inside the very transaction, that Prisma holds: PrismaService gives
 * its driver adapter a pool whose connections are known here by their backend process id, and the
 * transaction names its own (`pg_backend_pid()`). Prisma has that connection to itself while the
 * transaction's callback awaits, so a query sent here runs between the transaction's other statements.
 */
const connections = new Map<number, PoolClient>();

/** A pool for Prisma's driver adapter whose connections txConnection can find. */
export function trackedPool(connectionString: string): Pool {
  const pool = new Pool({ connectionString });
  pool.on('connect', (client) => {
    const pid = (client as unknown as { processID: number | null }).processID;
    if (pid !== null) connections.set(pid, client);
  });
  pool.on('remove', (client) => {
    const pid = (client as unknown as { processID: number | null }).processID;
    if (pid !== null && connections.get(pid) === client) connections.delete(pid);
  });
  return pool;
}

/** The connection that holds `tx` (a transaction of a PrismaService of this process). */
export async function txConnection(tx: Tx): Promise<ClientBase> {
  const [{ pid }] = await tx.$queryRaw<{ pid: number }[]>`SELECT pg_backend_pid() AS pid`;
  const client = connections.get(pid);
  if (!client) throw new Error(`no known connection holds the transaction (backend ${pid})`);
  return client;
}
