import path from 'node:path';
import { lintProbes } from '../support/lint-probes';

describe('lint rule: controllers, gateways and processors call services, never repositories or stores', () => {
  const root = path.resolve(__dirname, '../..');
  const probes: Record<string, string> = {
    // a repository file, imported by path
    'apps/api/src/audit/__probe_repo__.controller.ts': "import { AuditRepository } from './audit.repository';\nexport const x = AuditRepository;\n",
    // a store class through the package index
    'apps/worker/src/season/__probe_store__.processor.ts': "import { SeasonStandingsStore } from '@dcs/tournament';\nexport const x = SeasonStandingsStore;\n",
    // a repository class through the package index, in a gateway
    'apps/api/src/live/__probe_repo__.gateway.ts': "import { IntegrityRepository } from '@dcs/tournament';\nexport const x = IntegrityRepository;\n",
    // allowed: a service, and a repository's result type
    'apps/worker/src/maintenance/__probe_service__.processor.ts':
      "import type { SweepResult } from './maintenance.repository';\nimport { MaintenanceService } from './maintenance.service';\nexport const x = MaintenanceService;\nexport type Y = SweepResult;\n",
    // allowed: a service may use its repository
    'apps/api/src/audit/__probe_repo__.service.ts': "import { AuditRepository } from './audit.repository';\nexport const x = AuditRepository;\n",
  };
  let results: Record<string, string[]> = {};

  beforeAll(() => {
    results = lintProbes(root, probes, '@typescript-eslint/no-restricted-imports');
  }, 120_000);

  it.each([
    'apps/api/src/audit/__probe_repo__.controller.ts',
    'apps/worker/src/season/__probe_store__.processor.ts',
    'apps/api/src/live/__probe_repo__.gateway.ts',
  ])('rejects the repository or store imported in %s', (file) => {
    expect(results[file]).toEqual(expect.arrayContaining([expect.stringMatching(/call a service, never a repository or a store/)]));
  });

  it('allows a processor its service and a repository result type', () => {
    expect(results['apps/worker/src/maintenance/__probe_service__.processor.ts']).toEqual([]);
  });

  it('allows a service its repository', () => {
    expect(results['apps/api/src/audit/__probe_repo__.service.ts']).toEqual([]);
  });
});
