import 'reflect-metadata';
import { loadConfigOrExit } from '@dcs/common';
import { createWorker } from './setup';

createWorker(loadConfigOrExit())
  .then(() => process.stdout.write('worker started: processing queues\n'))
  .catch((err: unknown) => {
    process.stderr.write(`worker failed to start: ${err instanceof Error ? err.stack : String(err)}\n`);
    process.exit(1);
  });
