import type { Config } from 'jest';

const moduleNameMapper = {
  '^@dcs/db$': '<rootDir>/prisma/generated/client/client',
  '^@dcs/(engine|ranking|anticheat|common|bracket|tournament|schedule|house)$': '<rootDir>/libs/$1/src',
  '^@dcs/(engine|ranking|anticheat|common|bracket|tournament|schedule|house)/(.*)$': '<rootDir>/libs/$1/src/$2',
};
// Transpile only (isolatedModules in tsconfig.jest.json): `npm run typecheck` does the type checking.
const transform = {
  '^.+\\.ts$': ['ts-jest', { tsconfig: 'tsconfig.jest.json' }],
};

const config: Config = {
  // A global option (a project-level one is ignored): hooks that close workers and APIs wait for
  // BullMQ's blocking connections, which can take several seconds on a loaded machine.
  testTimeout: 60_000,
  // Every suite closes its APIs, workers and connections in afterAll; a handle a library keeps
  // (an ioredis reconnect timer, a BullMQ blocking connection) must never keep CI waiting after
  // the last result is in.
  forceExit: true,
  // At the end Jest asks each worker process to exit and kills it after this long with "A worker process has
  // failed to exit gracefully" (default 500 ms). On a loaded machine (CI's 2 cores at load 17-30) a worker that
  // has run every suite's afterAll still needs longer than that to finish on its own: an idle worker first loads
  // Jest's test runtime when told to end, a busy one waits its turn on the CPU. A real leaked handle still shows:
  // the worker is killed, with the warning, after these 10 s.
  workerGracefulExitTimeout: 10_000,
  // Two workers on CI's 2 cores (Jest's default there is one): the e2e suites mostly wait on PostgreSQL,
  // Redis and timers, so a second suite in flight takes the whole run from ~12 to ~10 minutes. Each suite
  // has its own database and queue prefix, so they never share state.
  maxWorkers: 2,
  projects: [
    {
      displayName: 'unit',
      rootDir: '.',
      testEnvironment: 'node',
      testMatch: ['<rootDir>/libs/**/*.spec.ts', '<rootDir>/apps/**/*.spec.ts', '<rootDir>/test/unit/**/*.spec.ts'],
      transform,
      moduleNameMapper,
    },
    {
      displayName: 'e2e',
      rootDir: '.',
      testEnvironment: 'node',
      testMatch: ['<rootDir>/test/**/*.e2e-spec.ts'],
      transform,
      moduleNameMapper,
      globalSetup: '<rootDir>/test/setup/global-setup.ts',
      globalTeardown: '<rootDir>/test/setup/global-teardown.ts',
    },
  ],
};

export default config;
