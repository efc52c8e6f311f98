// @ts-check
import eslint from '@eslint/js';
import tseslint from 'typescript-eslint';

/** Pure libs must not know about frameworks, databases, queues or I/O. */
const PURE_LIB_BANS = {
  patterns: [
    { group: ['@nestjs/*', '@nestjs/**'], message: 'The pure libs know nothing of NestJS: pass values in, return values out.' },
    { group: ['@prisma/*', '@prisma/**', '@dcs/db', 'prisma', 'prisma/*'], message: 'The pure libs know nothing of Prisma.' },
    { group: ['bullmq', 'bullmq/*', 'ioredis', 'socket.io', 'socket.io-*'], message: 'The pure libs know nothing of queues, Redis or sockets.' },
    { group: ['@dcs/common', '@dcs/common/*', '**/apps/**'], message: 'The pure libs may not depend on the apps or the shared infrastructure.' },
  ],
};

/** Issue 13: only a repository (or the one game store) talks to the database; services, controllers and processors call them. */
const DATABASE_ONLY_IN_REPOSITORIES = 'Only a repository (*.repository.ts) or the one game store (*.store.ts) talks to the database: call one.';

/** What no file outside a repository or store may import of the database (the rule below). */
const DATABASE_IMPORT_BANS = [
  { name: 'pg', allowTypeImports: true, message: DATABASE_ONLY_IN_REPOSITORIES },
  { name: '@dcs/db', allowTypeImports: true, message: `${DATABASE_ONLY_IN_REPOSITORIES} (row types may be imported as types)` },
  { name: '@dcs/common', importNames: ['PrismaService', 'PG_POOL'], message: DATABASE_ONLY_IN_REPOSITORIES },
];

/**
 * Issue 27: controllers, gateways and processors call services, never a repository or a store — neither a
 * repository file nor a repository or store class through a package's index (`@dcs/tournament`). Types
 * (a repository's result shape) may be imported as types.
 */
const EDGE_CALLS_SERVICES = 'Controllers, gateways and processors call a service, never a repository or a store: go through the aggregate\'s service.';
const EDGE_IMPORT_BANS = [
  { group: ['**/*.repository', '**/*.store'], allowTypeImports: true, message: EDGE_CALLS_SERVICES },
  { group: ['@dcs/*', '@dcs/*/**', '.', './**', '../**'], importNamePattern: '(Repository|Store)$', allowTypeImports: true, message: EDGE_CALLS_SERVICES },
];

export default tseslint.config(
  { ignores: ['dist/**', '.build/**', 'node_modules/**', 'prisma/generated/**', 'coverage/**', '**/*.js', '**/*.mjs'] },
  eslint.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/switch-exhaustiveness-check': ['error', { considerDefaultExhaustiveForUnions: true }],
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      // ESLint 10's recommended set added it; it flags `let x = null; try { x = … } catch {…}`, which is written that way on purpose.
      'no-useless-assignment': 'off',
    },
  },
  {
    files: ['libs/engine/**/*.ts', 'libs/ranking/**/*.ts', 'libs/anticheat/**/*.ts', 'libs/bracket/**/*.ts', 'libs/schedule/**/*.ts', 'libs/house/**/*.ts'],
    ignores: ['libs/engine/src/cli/**'],
    rules: { 'no-restricted-imports': ['error', PURE_LIB_BANS], '@typescript-eslint/no-restricted-imports': 'off' },
  },
  {
    files: ['apps/api/**/*.ts', 'apps/worker/**/*.ts', 'libs/tournament/**/*.ts'],
    ignores: ['**/*.repository.ts', '**/*.store.ts', '**/*.spec.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': ['error', { paths: DATABASE_IMPORT_BANS }],
      'no-restricted-syntax': [
        'error',
        { selector: 'MemberExpression[property.name=/^\\$(queryRaw|executeRaw|queryRawUnsafe|executeRawUnsafe|transaction)$/]', message: DATABASE_ONLY_IN_REPOSITORIES },
        {
          // tx.game.findMany(…), this.prisma.user.update(…): a Prisma model delegate's call
          selector:
            'MemberExpression[property.name=/^(findUnique|findUniqueOrThrow|findFirst|findFirstOrThrow|findMany|create|createMany|createManyAndReturn|update|updateMany|upsert|delete|deleteMany|count|aggregate|groupBy)$/][object.type="MemberExpression"][object.object.name=/^(tx|prisma)$/]',
          message: DATABASE_ONLY_IN_REPOSITORIES,
        },
        {
          selector: 'MemberExpression[property.name=/^(findUnique|findUniqueOrThrow|findFirst|findFirstOrThrow|findMany|create|createMany|update|updateMany|upsert|delete|deleteMany|count|aggregate|groupBy)$/][object.type="MemberExpression"][object.object.type="MemberExpression"][object.object.property.name="prisma"]',
          message: DATABASE_ONLY_IN_REPOSITORIES,
        },
      ],
    },
  },
  {
    files: ['apps/api/**/*.controller.ts', 'apps/api/**/*.gateway.ts', 'apps/worker/**/*.processor.ts'],
    rules: { '@typescript-eslint/no-restricted-imports': ['error', { paths: DATABASE_IMPORT_BANS, patterns: EDGE_IMPORT_BANS }] },
  },
  {
    files: ['**/*.spec.ts', '**/*.e2e-spec.ts', 'test/**/*.ts', 'bench/**/*.ts'],
    rules: { '@typescript-eslint/no-non-null-assertion': 'off' },
  },
);
