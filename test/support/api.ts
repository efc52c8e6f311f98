import { INestApplication } from '@nestjs/common';
import request from 'supertest';
import type { App } from 'supertest/types';
import { JwtService } from '@nestjs/jwt';
import { AppConfig, PrismaService } from '@dcs/common';
import type { GameState } from '@dcs/engine';
import { GameStore, type StoredGame } from '@dcs/tournament';
import { buildOpenApiDocument } from '../../apps/api/src/common/openapi';
import { createApi } from '../../apps/api/src/setup';
import { ResponseContract } from './contract';
import { TestEnv } from './test-env';

export interface TestApi {
  app: INestApplication;
  /** supertest on the app; every response is checked against the OpenAPI document (test/support/contract.ts). */
  http: () => ReturnType<typeof request>;
  /** The document's checker: what was validated so far. */
  contract: ResponseContract;
  /** Registers a user and returns its id and token; grants extra roles directly in the database. */
  user(opts?: { roles?: string[]; email?: string; password?: string; displayName?: string }): Promise<{ id: string; token: string; email: string; password: string }>;
  /** An access token for a user a fixture wrote straight into the database (as signing in would give it). */
  tokenOf(userId: string): Promise<string>;
  close(): Promise<void>;
}

let counter = 0;

const METHODS = new Set(['get', 'post', 'put', 'patch', 'delete']);

/** supertest whose every request first runs the contract check (an assertion added before the test's own). */
function checked(agent: ReturnType<typeof request>, contract: ResponseContract): ReturnType<typeof request> {
  return new Proxy(agent, {
    get(target, prop, receiver) {
      const value = Reflect.get(target, prop, receiver) as unknown;
      if (typeof prop !== 'string' || !METHODS.has(prop) || typeof value !== 'function') return value;
      return (...args: unknown[]) => {
        const test = (value as (...a: unknown[]) => request.Test).apply(target, args);
        const { method, url } = test as unknown as { method: string; url: string };
        return test.expect((res: request.Response) => contract.check(method, url, res.status, res.headers['content-type'] as string | undefined, res.body));
      };
    },
  });
}

export async function startApi(env: TestEnv, config: AppConfig = env.config()): Promise<TestApi> {
  const app = await createApi(config);
  await app.init();
  const server = app.getHttpServer() as App;
  const contract = new ResponseContract(buildOpenApiDocument(app));
  const http = () => checked(request(server), contract);
  return {
    app,
    http,
    contract,
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
    tokenOf: async (userId) => {
      const u = await app.get(PrismaService).user.findUniqueOrThrow({ where: { id: userId }, select: { id: true, tokenVersion: true } });
      return app.get(JwtService).sign({ sub: u.id, tv: u.tokenVersion });
    },
    close: async () => {
      contract.report(expect.getState().testPath ?? 'unknown');
      await app.close();
    },
  };
}

/** A game with its current state, as every reader gets it: from the one game store (the row holds a snapshot). */
export async function storedGame(app: Pick<INestApplication, 'get'>, gameId: string): Promise<Omit<StoredGame, 'state'> & { state: GameState }> {
  const g = await app.get(GameStore).find(gameId);
  if (!g) throw new Error(`no game ${gameId}`);
  return { ...g, state: g.state as unknown as GameState };
}
