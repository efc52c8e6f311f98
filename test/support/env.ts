/** Where the test suites find PostgreSQL and Redis (the real local services). */
export const TEST_PG_BASE = process.env.TEST_PG_BASE ?? 'postgresql://postgres@127.0.0.1:5432';
export const TEST_REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
export const TEMPLATE_DB = 'dcs_test_template';
