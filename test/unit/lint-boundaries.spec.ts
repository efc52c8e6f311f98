import path from 'node:path';
import { lintProbes } from '../support/lint-probes';

describe('lint rule: the pure libs import no framework, database or queue', () => {
  const root = path.resolve(__dirname, '../..');
  const probes: Record<string, string> = {
    'libs/engine/src/__probe_nest__.ts': "import { Injectable } from '@nestjs/common';\nexport const x = Injectable;\n",
    'libs/ranking/src/__probe_prisma__.ts': "import { PrismaClient } from '@prisma/client';\nexport const x = PrismaClient;\n",
    'libs/anticheat/src/__probe_bullmq__.ts': "import { Queue } from 'bullmq';\nexport const x = Queue;\n",
    'libs/engine/src/__probe_db__.ts': "import type { User } from '@dcs/db';\nexport type X = User;\n",
    'apps/api/src/__probe_app__.ts': "import { Injectable } from '@nestjs/common';\nexport const x = Injectable;\n",
    'libs/engine/src/__probe_relative__.ts': "import { seedRng } from './rng';\nexport const x = seedRng;\n",
  };
  let results: Record<string, string[]> = {};

  beforeAll(() => {
    results = lintProbes(root, probes, 'no-restricted-imports');
  }, 120_000);

  it.each([
    ['libs/engine/src/__probe_nest__.ts', /NestJS/],
    ['libs/ranking/src/__probe_prisma__.ts', /Prisma/],
    ['libs/anticheat/src/__probe_bullmq__.ts', /queues/],
    ['libs/engine/src/__probe_db__.ts', /Prisma/],
  ])('rejects the import in %s', (file, why) => {
    expect(results[file]).toEqual([expect.stringMatching(why)]);
  });

  it('allows the same import in an app', () => {
    expect(results['apps/api/src/__probe_app__.ts']).toEqual([]);
  });

  it('allows relative imports inside a lib', () => {
    expect(results['libs/engine/src/__probe_relative__.ts']).toEqual([]);
  });
});
