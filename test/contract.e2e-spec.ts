import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Ajv from 'ajv';
import addFormats from 'ajv-formats';
import ts from 'typescript';
import { ERROR_CODES, type ApiErrorCode, PrismaService } from '@dcs/common';
import { buildOpenApiDocument } from '../apps/api/src/common/openapi';
import { CLIENT_EVENTS, SERVER_EVENTS } from '../apps/api/src/live/live.asyncapi';
import { startApi, TestApi } from './support/api';
import { tableWithGame } from './support/fixtures';
import { createTestEnv, TestEnv } from './support/test-env';
import { walkthrough } from './contract/client';

const root = join(__dirname, '..');

/** openapi-typescript's CommonJS build loads ES modules Jest cannot: it runs in a plain Node child process. */
function generateTypes(doc: unknown, dir: string): string {
  const docFile = join(dir, 'openapi.json');
  const out = join(dir, 'schema.d.ts');
  writeFileSync(docFile, JSON.stringify(doc));
  const script = "const o = require('openapi-typescript'); const fs = require('fs'); o.default(JSON.parse(fs.readFileSync(process.argv[1], 'utf8'))).then((ast) => fs.writeFileSync(process.argv[2], o.astToString(ast)))";
  execFileSync(process.execPath, ['-e', script, docFile, out], { cwd: root, stdio: 'pipe' });
  return out;
}

type Json = Record<string, unknown>;
interface Op {
  id: string;
  method: string;
  path: string;
  op: { operationId: string; security?: unknown[]; parameters?: { in: string; name: string; schema?: Json }[]; requestBody?: unknown; responses: Record<string, { content?: Record<string, { schema?: Json }> }> };
}

function operations(doc: { paths: Record<string, Record<string, unknown>> }): Op[] {
  return Object.entries(doc.paths).flatMap(([path, item]) =>
    Object.entries(item).map(([method, op]) => ({ id: `${method.toUpperCase()} ${path}`, method, path, op: op as Op['op'] })),
  );
}

/** A success body is a named schema (a $ref), a list of them, or one of them that may be null. */
function namedSchema(schema: Json | undefined): string | null {
  if (!schema) return null;
  if (typeof schema.$ref === 'string') return schema.$ref;
  if (schema.type === 'array') return namedSchema(schema.items as Json);
  return null;
}

function errorCodes(response: { content?: Record<string, { schema?: Json }> }): string[] | null {
  const schema = response.content?.['application/json']?.schema as { allOf?: Json[] } | undefined;
  const [base, narrow] = schema?.allOf ?? [];
  if (base?.$ref !== '#/components/schemas/ErrorResponseDto') return null;
  return ((narrow?.properties as { code?: { enum?: string[] } } | undefined)?.code?.enum ?? null) as string[] | null;
}

describe('the API contract (OpenAPI, AsyncAPI, generated types)', () => {
  let env: TestEnv;
  let api: TestApi;
  let port: number;

  beforeAll(async () => {
    env = await createTestEnv('contract');
    api = await startApi(env);
    await api.app.listen(0, '127.0.0.1');
    port = (api.app.getHttpServer().address() as { port: number }).port;
  });

  afterAll(async () => {
    await api?.close();
    await env?.drop();
  });

  it('GET /docs-json declares a named body for every success and the error responses of every operation', async () => {
    const res = await api.http().get('/docs-json').expect(200);
    const doc = res.body as { paths: Record<string, Record<string, unknown>>; components: { schemas: Record<string, unknown> } };
    expect(doc).toEqual(JSON.parse(JSON.stringify(buildOpenApiDocument(api.app))));
    const ops = operations(doc);
    expect(ops.length).toBeGreaterThanOrEqual(64);
    const problems: string[] = [];
    for (const { id, op } of ops) {
      const statuses = Object.keys(op.responses);
      const ok = statuses.filter((s) => s.startsWith('2'));
      if (ok.length !== 1) problems.push(`${id}: ${ok.length} success statuses`);
      for (const s of ok) {
        // A document that is not JSON (an iCalendar feed, a reported voice clip) declares its own media types and a string body instead.
        const content = op.responses[s].content ?? {};
        const media = Object.keys(content);
        if (!content['application/json'] && media.length > 0 && media.every((m) => (m === 'text/calendar' || m.startsWith('audio/')) && content[m]?.schema?.type === 'string')) continue;
        const ref = namedSchema(op.responses[s].content?.['application/json']?.schema);
        if (!ref) problems.push(`${id}: ${s} has no named body schema`);
        else if (!doc.components.schemas[ref.replace('#/components/schemas/', '')]) problems.push(`${id}: ${ref} is not in the components`);
      }
      const errors = statuses.filter((s) => Number(s) >= 400);
      // only a public operation with no input at all (GET /api/cities, GET /api/tiers) cannot fail
      if (!errors.length && (op.security?.length || op.parameters?.length || op.requestBody)) problems.push(`${id}: no error response`);
      for (const s of errors) {
        const codes = errorCodes(op.responses[s]);
        if (!codes?.length) problems.push(`${id}: ${s} does not answer ErrorResponseDto with its codes`);
        for (const code of codes ?? []) {
          if (!(code in ERROR_CODES)) problems.push(`${id}: ${code} is not in the catalogue`);
          else if (!(ERROR_CODES[code as ApiErrorCode] as readonly number[]).includes(Number(s))) problems.push(`${id}: ${code} under ${s}`);
        }
      }
      if (statuses.includes('500')) problems.push(`${id}: declares a 500`);
      const protectedOp = (op.security ?? []).length > 0;
      if (protectedOp && !(errorCodes(op.responses['401'] ?? {}) ?? []).includes('UNAUTHORIZED')) problems.push(`${id}: protected without 401 UNAUTHORIZED`);
      for (const p of op.parameters ?? []) {
        if (p.in === 'path' && (p.name === 'id' || p.name.endsWith('Id'))) {
          if (p.schema?.format !== 'uuid') problems.push(`${id}: path ${p.name} is not format uuid`);
          if (!op.responses['404']) problems.push(`${id}: an id without 404`);
        }
      }
    }
    expect(problems).toEqual([]);
    // the routes behind the guard are exactly the ones declaring security
    expect(ops.filter(({ op }) => op.security?.length).map(({ id }) => id)).toEqual(expect.arrayContaining(['GET /api/me', 'POST /api/games/{id}/actions', 'GET /api/integrity/cases/{id}', 'POST /api/challenges/{id}/registration']));
    expect(ops.find(({ id }) => id === 'GET /api/challenges/{id}/bracket')?.op.security).toBeUndefined();
    // a number has its range and an enum its values
    const standings = ops.find(({ id }) => id === 'GET /api/cities/{cityId}/seasons/{seasonId}/standings')!.op;
    expect(standings.parameters?.find((p) => p.name === 'pageSize')?.schema).toMatchObject({ type: 'integer', minimum: 1, maximum: 200 });
    process.stdout.write(`OpenAPI: ${ops.length} operations, ${Object.keys(doc.components.schemas).length} schemas\n`);
  });

  it('the committed docs/openapi.json, docs/asyncapi.json and apps/web/src/api/schema.d.ts are what npm run api:types makes now', () => {
    // The script builds the app in its own process, as a developer runs it; --check writes nothing and fails on a stale file.
    let output = '';
    try {
      execFileSync('npm', ['run', '-s', 'api:types', '--', '--check'], { cwd: root, stdio: 'pipe', env: { ...process.env, LOG_LEVEL: 'silent' } });
    } catch (err) {
      output = String((err as { stderr?: Buffer }).stderr ?? err);
    }
    expect(output).toBe('');
  }, 240_000);

  it('serves the AsyncAPI 3 document of every socket.io event beside /docs, its schemas valid and every $ref resolving', async () => {
    const res = await api.http().get('/docs/asyncapi.json').expect(200);
    const doc = res.body as { asyncapi: string; channels: { live: { address: string; messages: Record<string, unknown> } }; operations: Record<string, { action: string; 'x-socketio-event': string; reply?: unknown }>; components: { schemas: Record<string, Json>; messages: Record<string, unknown> } };
    expect(doc.asyncapi).toBe('3.0.0');
    expect(doc.channels.live.address).toBe('/live');
    const received = Object.values(doc.operations).filter((o) => o.action === 'receive');
    const sent = Object.values(doc.operations).filter((o) => o.action === 'send');
    expect(received.map((o) => o['x-socketio-event']).sort()).toEqual(Object.keys(CLIENT_EVENTS).sort());
    expect(sent.map((o) => o['x-socketio-event']).sort()).toEqual(Object.keys(SERVER_EVENTS).sort());
    expect(received.every((o) => o.reply)).toBe(true);
    const text = JSON.stringify(doc);
    for (const m of text.matchAll(/"\$ref":"#\/([^"]+)"/g)) {
      const target = m[1].split('/').reduce<unknown>((node, key) => (node as Json | undefined)?.[key], doc);
      expect({ ref: m[1], resolves: target !== undefined }).toEqual({ ref: m[1], resolves: true });
    }
    const ajv = new Ajv({ strict: false });
    addFormats(ajv);
    ajv.addSchema({ $id: 'asyncapi', components: doc.components });
    const join = ajv.getSchema('asyncapi#/components/schemas/JoinGamePayload')!;
    expect(join({ gameId: '2b6f1d3a-5c7e-4f9a-8b1d-3e5f7a9c1b2d', since: 3 })).toBe(true);
    expect(join({ since: 3 })).toBe(false);
    const round = ajv.getSchema('asyncapi#/components/schemas/RoundFinishedEvent')!;
    expect(round({ challengeId: '2b6f1d3a-5c7e-4f9a-8b1d-3e5f7a9c1b2d', roundId: '2b6f1d3a-5c7e-4f9a-8b1d-3e5f7a9c1b2d', round: 1, next: null, completed: true })).toBe(true);
    process.stdout.write(`AsyncAPI: ${received.length} client → server events, ${sent.length} server → client events, ${Object.keys(doc.components.schemas).length} schemas\n`);
  });

  it('types generated from the document type-check a small openapi-fetch client, which then talks to the API', async () => {
    // Generate the types afresh from the running app's document and compile the client against them.
    const dir = mkdtempSync(join(tmpdir(), 'dcs-contract-'));
    generateTypes(buildOpenApiDocument(api.app), dir);
    const client = readFileSync(join(__dirname, 'contract', 'client.ts'), 'utf8').replace("'../../apps/web/src/api/schema'", "'./schema'");
    writeFileSync(join(dir, 'client.ts'), client);
    const program = ts.createProgram([join(dir, 'client.ts')], {
      strict: true,
      noEmit: true,
      target: ts.ScriptTarget.ES2022,
      module: ts.ModuleKind.CommonJS,
      moduleResolution: ts.ModuleResolutionKind.Node10,
      esModuleInterop: true,
      skipLibCheck: true,
      types: ['node'],
      typeRoots: [join(root, 'node_modules', '@types')],
      baseUrl: root,
      paths: { 'openapi-fetch': [join(root, 'node_modules', 'openapi-fetch')] },
    });
    const diagnostics = ts.getPreEmitDiagnostics(program).map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n'));
    expect(diagnostics).toEqual([]);

    // And the client works against the API (a real bracket, table, game and standings).
    const { tableId, gameId } = await tableWithGame(api);
    const prisma = api.app.get(PrismaService);
    const table = await prisma.challengeTable.findUniqueOrThrow({ where: { id: tableId }, include: { challenge: true } });
    const season = await prisma.season.create({ data: { cityId: table.challenge.cityId, number: 1, startDate: '2027-01-02' } });
    const me = await api.user({ displayName: 'Client Tester' });
    // its responses are held to the document too, like those of supertest
    const checkedFetch: typeof fetch = async (input, init) => {
      const req = input instanceof Request ? input : new Request(input, init);
      const res = await fetch(req);
      const type = res.headers.get('content-type') ?? undefined;
      api.contract.check(req.method, req.url, res.status, type, type?.includes('json') ? await res.clone().json() : await res.clone().text());
      return res;
    };
    const validatedBefore = api.contract.stats.validated;
    const result = await walkthrough(`http://127.0.0.1:${port}`, { email: me.email, password: me.password, challengeId: table.challengeId, tableId, gameId, cityId: table.challenge.cityId, seasonId: season.id }, checkedFetch);
    expect(api.contract.stats.validated - validatedBefore).toBe(9);
    expect(result).toMatchObject({ displayName: 'Client Tester', challengeStatus: 'running', bracketRounds: 1, tableRound: 1, gameStatus: 'playing', standingsTotal: 0, notFoundCode: 'NOT_FOUND' });
    expect(result.cities).toBeGreaterThanOrEqual(1);
    expect(result.firstSeat).toMatch(/^0:/);
  }, 180_000);
});
