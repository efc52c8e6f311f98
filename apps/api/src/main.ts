import 'reflect-metadata';
import { loadConfigOrExit } from '@dcs/common';
import { createApi } from './setup';

async function main(): Promise<void> {
  const started = process.hrtime.bigint();
  const config = loadConfigOrExit();
  const app = await createApi(config);
  await app.listen(config.API_PORT, config.API_HOST);
  const ms = Number(process.hrtime.bigint() - started) / 1e6;
  const url = `http://${config.API_HOST === '0.0.0.0' ? 'localhost' : config.API_HOST}:${config.API_PORT}`;
  process.stdout.write(`API listening on ${url} (docs ${url}/docs, health ${url}/health), ready in ${ms.toFixed(0)} ms\n`);
}

main().catch((err: unknown) => {
  process.stderr.write(`API failed to start: ${err instanceof Error ? err.stack : String(err)}\n`);
  process.exit(1);
});
