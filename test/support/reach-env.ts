import { INestApplicationContext } from '@nestjs/common';
import { generateVAPIDKeys } from 'web-push';
import type { AppConfig } from '@dcs/common';
import { createWorker } from '../../apps/worker/src/setup';
import { startApi, TestApi } from './api';
import { PushReceiver } from './push-receiver';
import { SmtpReceiver } from './smtp-receiver';
import { createTestEnv, TestEnv } from './test-env';

export interface ReachEnv {
  env: TestEnv;
  api: TestApi;
  worker: INestApplicationContext;
  config: AppConfig;
  smtp: SmtpReceiver;
  push: PushReceiver;
  close(): Promise<void>;
}

/** The configuration that sends through `smtpUrl` and pushes to `push` (a fresh VAPID key pair; its loopback address admitted by the outbound guard), polling every 100 ms. */
export function reachSettings(smtpUrl: string, push: PushReceiver): Record<string, string> {
  const vapid = generateVAPIDKeys();
  return {
    SMTP_URL: smtpUrl,
    MAIL_FROM: 'DCS <no-reply@dcs.test>',
    PUBLIC_URL: 'https://dcs.test',
    VAPID_PUBLIC_KEY: vapid.publicKey,
    VAPID_PRIVATE_KEY: vapid.privateKey,
    PUSH_EXTRA_CA_FILE: push.caFile,
    OUTBOUND_TEST_ALLOW: push.hostPort,
    DELIVERY_POLL_MS: '100',
  };
}

/**
 * The API and a worker that reach players through a real SMTP server and a push service the test runs
 * (issue 28), with a VAPID key pair and a 100 ms delivery poll; `extra` adds to the configuration.
 */
export async function startReach(name: string, extra: Record<string, string> = {}): Promise<ReachEnv> {
  const env = await createTestEnv(name);
  const smtp = new SmtpReceiver();
  const push = new PushReceiver();
  const smtpUrl = await smtp.start();
  await push.start();
  const config = env.config({ ...reachSettings(smtpUrl, push), ...extra });
  const api = await startApi(env, config);
  const worker = await createWorker(config, { shutdownHooks: false });
  return {
    env,
    api,
    worker,
    config,
    smtp,
    push,
    async close() {
      await worker.close();
      await api.close();
      await smtp.close();
      await push.close();
      await env.drop();
    },
  };
}
