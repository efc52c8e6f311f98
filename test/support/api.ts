import { INestApplication } from '@nestjs/common';
import request from 'supertest';
import type { App } from 'supertest/types';
import { AppConfig } from '@dcs/common';
import { createApi } from '../../apps/api/src/setup';
import { TestEnv } from './test-env';

export interface TestApi {
  app: INestApplication;
  http: () => ReturnType<typeof request>;
  /** Registers a user and returns its id and token; grants extra roles directly in the database. */
  user(opts?: { roles?: string[]; email?: string; password?: string; displayName?: string }): Promise<{ id: string; token: string; email: string; password: string }>;
  close(): Promise<void>;
}

let counter = 0;

export async function startApi(env: TestEnv, config: AppConfig = env.config()): Promise<TestApi> {
  const app = await createApi(config);
  await app.init();
  const server = app.getHttpServer() as App;
  const http = () => request(server);
  return {
    app,
    http,
    user: async (opts = {}) => {
      counter += 1;
      const email = opts.email ?? `user${counter}-${Date.now()}@example.com`;
      const password = opts.password ?? 'correct horse battery';
      const res = await http().post('/api/auth/register').send({ email, password, displayName: opts.displayName ?? `Player ${counter}` });
      if (res.status !== 201) throw new Error(`register failed: ${res.status} ${JSON.stringify(res.body)}`);
      const id = (res.body as { user: { id: string } }).user.id;
      if (opts.roles?.length) {
        await env.sql(`UPDATE users SET roles = $1::"Role"[] WHERE id = $2`, [['competitor', ...opts.roles], id]);
      }
      return { id, token: (res.body as { accessToken: string }).accessToken, email, password };
    },
    close: () => app.close(),
  };
}
