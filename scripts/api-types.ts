/**
 * npm run api:types — builds the OpenAPI document in-process from the Nest app (nothing listens)
 * and writes what clients are generated from:
 *
 *   docs/openapi.json                the OpenAPI 3.0 document (`GET /docs-json` answers the same)
 *   docs/asyncapi.json               the AsyncAPI 3 document of the socket.io events (`GET /docs/asyncapi.json`)
 *   apps/web/src/api/schema.d.ts     TypeScript types for openapi-fetch (openapi-typescript 7)
 *
 * `--check` writes nothing and exits 1 when a committed file is stale; test/unit/api-types.spec.ts
 * does the same check in the unit suite. Runs under ts-node (decorator metadata), see package.json.
 */
import 'reflect-metadata';
import { readFileSync, writeFileSync, mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { renderContract } from './lib/contract';

async function main(): Promise<void> {
  const root = join(__dirname, '..');
  const files = await renderContract();
  const check = process.argv.includes('--check');
  const stale: string[] = [];
  for (const [file, text] of Object.entries(files)) {
    const path = join(root, file);
    let current: string | null = null;
    try {
      current = readFileSync(path, 'utf8');
    } catch {
      current = null;
    }
    if (current === text) continue;
    stale.push(file);
    if (!check) {
      mkdirSync(dirname(path), { recursive: true });
      writeFileSync(path, text);
    }
  }
  if (check) {
    for (const f of stale) process.stderr.write(`${f} is stale: run npm run api:types\n`);
    process.exit(stale.length ? 1 : 0);
  }
  process.stdout.write(stale.length ? `wrote ${stale.join(', ')}\n` : 'all contract files up to date\n');
  process.exit(0);
}

main().catch((err: unknown) => {
  process.stderr.write(`${err instanceof Error ? err.stack : String(err)}\n`);
  process.exit(1);
});
