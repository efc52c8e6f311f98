/** Where the test suites find PostgreSQL and Redis (the real local services). */
export const TEST_PG_BASE = process.env.TEST_PG_BASE ?? 'postgresql://postgres@127.0.0.1:5432';
export const TEST_REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

/**
 * Every database of one `jest` run starts with `dcs_test_r<pid>_`, the pid of the run's
 * main process (set by the global setup), so two runs on one machine never touch each
 * other's databases; leftovers of runs whose process is gone are dropped at the next start.
 */
export const RUN_ID = process.env.DCS_TEST_RUN ?? `r${process.pid}`;
export const DB_PREFIX = `dcs_test_${RUN_ID}_`;
export const TEMPLATE_DB = `${DB_PREFIX}template`;
