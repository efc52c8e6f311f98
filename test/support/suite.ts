import { PrismaService } from '@dcs/common';
import { startApi, TestApi } from './api';
import { createTestEnv, TestEnv } from './test-env';

/** What a suite's tests reach once `beforeAll` has run. */
export interface ApiSuite {
  readonly env: TestEnv;
  readonly api: TestApi;
  readonly prisma: PrismaService;
}

/**
 * The usual e2e suite, declared inside its `describe`: its own database and queue prefix, the API on
 * them (started in `beforeAll`, closed with the database dropped in `afterAll`). Read the fields inside tests.
 */
export function apiSuite(name: string): ApiSuite {
  const state: { env?: TestEnv; api?: TestApi } = {};
  beforeAll(async () => {
    state.env = await createTestEnv(name);
    state.api = await startApi(state.env);
  });
  afterAll(async () => {
    await state.api?.close();
    await state.env?.drop();
  });
  return {
    get env() {
      return state.env!;
    },
    get api() {
      return state.api!;
    },
    get prisma() {
      return state.api!.app.get(PrismaService);
    },
  };
}
