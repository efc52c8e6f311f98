import { INestApplication, ParseEnumPipe, ParseIntPipe, ParseUUIDPipe, RequestMethod, Type } from '@nestjs/common';
import { HTTP_CODE_METADATA, METHOD_METADATA, PATH_METADATA, ROUTE_ARGS_METADATA } from '@nestjs/common/constants';
import { RouteParamtypes } from '@nestjs/common/enums/route-paramtypes.enum';
import { ModulesContainer, Reflector } from '@nestjs/core';
import { ApiProperty, ApiPropertyOptional, type ApiPropertyOptions, ApiResponse, DocumentBuilder, SwaggerModule, type OpenAPIObject } from '@nestjs/swagger';
import type { OperationObject, ParameterObject, ReferenceObject, SchemaObject } from '@nestjs/swagger/dist/interfaces/open-api-spec.interface';
import { getMetadataStorage } from 'class-validator';
import type { ValidationMetadata } from 'class-validator/types/metadata/ValidationMetadata';
import { ERROR_CODES, type ApiErrorCode } from '@dcs/common';
import { IS_PUBLIC, ROLES } from './decorators';

/**
 * The OpenAPI document, derived from the controllers and the DTO classes:
 *
 * - `@ApiOk(Dto)` / `@ApiOk([Dto])` on a handler declares its success body (status from the
 *   route: 201 for a POST unless `@HttpCode`); `@ApiErrors('CODE', …)` on a handler or a
 *   controller the error codes it answers beyond the ones every route of its kind can give.
 * - Added to every operation from what the route is: security and 401 (`UNAUTHORIZED`,
 *   `INVALID_TOKEN`, `ACCOUNT_BANNED` 403) unless `@Public()`, 403 `FORBIDDEN` with `@Roles`,
 *   400 `VALIDATION_FAILED`/`MALFORMED_JSON`/`PAYLOAD_TOO_DEEP` and 413 on every operation (the body parser,
 *   the depth bound and the well-formed-text check run before routing), 400 `INVALID_ID` and 404 `NOT_FOUND` with a
 *   UUID path parameter, 409 `TRY_AGAIN` on every write.
 *   Each error status names its codes (an enum on `code`) and answers `ErrorResponseDto`; the
 *   statuses come from the generated catalogue (`ERROR_CODES`, docs/error-codes.md).
 * - Parameters and request bodies take their constraints from the class-validator decorators
 *   (UUID format, integer ranges, lengths, patterns, enums), path parameters from their pipes.
 */

/** A property holding any JSON value (object, array, string, number, boolean): for `unknown` fields whose shape varies. */
export function anyJson(description: string, opts: { nullable?: boolean } = {}): ApiPropertyOptions {
  const oneOf: SchemaObject[] = [{ type: 'object', additionalProperties: true }, { type: 'array', items: {} }, { type: 'string' }, { type: 'number' }, { type: 'boolean' }];
  return { oneOf, description, ...opts } as ApiPropertyOptions;
}

export class ErrorResponseDto {
  @ApiProperty({ description: 'stable machine-readable code (docs/error-codes.md)', example: 'NOT_FOUND' }) code!: string;
  @ApiProperty({ description: 'what went wrong, for people', example: 'Challenge 0b7c… was not found' }) message!: string;
  @ApiPropertyOptional(anyJson('more about the error: for VALIDATION_FAILED and INVALID_ID the fields and their problems (`[{ field, problems[] }]`); otherwise code-specific')) details?: unknown;
}

interface OkMetadata {
  type: Type<unknown>;
  isArray: boolean;
  description?: string;
  example?: unknown;
}

const OK = 'dcs:openapi:ok';
/** @nestjs/swagger's key of `@ApiResponse` metadata (DECORATORS.API_RESPONSE, not exported). */
const API_RESPONSE_METADATA = 'swagger/apiResponse';
const ERRORS = 'dcs:openapi:errors';

/** The success body of a route: `@ApiOk(ThingDto)`, `@ApiOk([ThingDto])` for a list. */
export function ApiOk(type: Type<unknown> | [Type<unknown>], opts: { description?: string; example?: unknown } = {}): MethodDecorator {
  return (_target, _key, descriptor) => {
    const meta: OkMetadata = { type: Array.isArray(type) ? type[0] : type, isArray: Array.isArray(type), ...opts };
    Reflect.defineMetadata(OK, meta, descriptor.value as object);
  };
}

/** Error codes a route (or every route of a controller) can answer, beyond those implied by the route itself. */
export function ApiErrors(...codes: ApiErrorCode[]): MethodDecorator & ClassDecorator {
  return (target: object, _key?: string | symbol, descriptor?: PropertyDescriptor) => {
    const on = (descriptor?.value ?? target) as object;
    Reflect.defineMetadata(ERRORS, [...((Reflect.getMetadata(ERRORS, on) as ApiErrorCode[] | undefined) ?? []), ...codes], on);
  };
}

interface RouteHandler {
  controller: Type<unknown>;
  key: string;
  handler: (...args: unknown[]) => unknown;
  requestMethod: RequestMethod;
}

function routeHandlers(app: INestApplication): RouteHandler[] {
  const out: RouteHandler[] = [];
  for (const mod of app.get(ModulesContainer).values()) {
    for (const wrapper of mod.controllers.values()) {
      const controller = wrapper.metatype as Type<unknown> | null;
      if (!controller) continue;
      for (const key of Object.getOwnPropertyNames(controller.prototype)) {
        const handler = (controller.prototype as Record<string, unknown>)[key];
        if (key === 'constructor' || typeof handler !== 'function' || Reflect.getMetadata(PATH_METADATA, handler) === undefined) continue;
        out.push({ controller, key, handler: handler as RouteHandler['handler'], requestMethod: Reflect.getMetadata(METHOD_METADATA, handler) as RequestMethod });
      }
    }
  }
  return out;
}

function successStatus(h: RouteHandler): number {
  return (Reflect.getMetadata(HTTP_CODE_METADATA, h.handler) as number | undefined) ?? (h.requestMethod === RequestMethod.POST ? 201 : 200);
}

interface RouteArg {
  index: number;
  data?: string;
  pipes?: unknown[];
}

function routeArgs(h: RouteHandler, type: RouteParamtypes): (RouteArg & { metatype?: Type<unknown> })[] {
  const args = (Reflect.getMetadata(ROUTE_ARGS_METADATA, h.controller, h.key) as Record<string, RouteArg> | undefined) ?? {};
  const types = (Reflect.getMetadata('design:paramtypes', h.controller.prototype as object, h.key) as Type<unknown>[] | undefined) ?? [];
  return Object.entries(args)
    .filter(([k]) => k.split(':')[0] === String(type))
    .map(([, a]) => ({ ...a, metatype: types[a.index] }));
}

/** Constraints of one property from its class-validator decorators, as OpenAPI schema keywords. */
function constraintsOf(metas: ValidationMetadata[]): { schema: SchemaObject; each: SchemaObject } {
  const schema: SchemaObject = {};
  const each: SchemaObject = {};
  for (const m of metas) {
    const c = (m.constraints ?? []) as unknown[];
    const into = m.each ? each : schema;
    switch (m.name) {
      case 'isUuid':
        into.format = 'uuid';
        break;
      case 'isEmail':
        into.format = 'email';
        break;
      case 'isIso8601':
        into.format = 'date-time';
        break;
      case 'isInt':
        into.type = 'integer';
        break;
      case 'min':
        into.minimum = c[0] as number;
        break;
      case 'max':
        into.maximum = c[0] as number;
        break;
      case 'minLength':
        into.minLength = c[0] as number;
        break;
      case 'maxLength':
        into.maxLength = c[0] as number;
        break;
      case 'length':
        into.minLength = c[0] as number;
        into.maxLength = c[1] as number;
        break;
      case 'matches':
        if (c[0] instanceof RegExp) into.pattern = c[0].source;
        break;
      case 'isIn':
        into.enum = [...(c[0] as unknown[])];
        break;
      case 'arrayMinSize':
        schema.minItems = c[0] as number;
        break;
      case 'arrayMaxSize':
        schema.maxItems = c[0] as number;
        break;
      case 'arrayUnique':
        schema.uniqueItems = true;
        break;
      default:
        break;
    }
  }
  return { schema, each };
}

function validationByProperty(cls: Type<unknown>): Map<string, { schema: SchemaObject; each: SchemaObject }> {
  const metas = getMetadataStorage().getTargetValidationMetadatas(cls, '', true, false);
  const byProp = new Map<string, ValidationMetadata[]>();
  for (const m of metas) byProp.set(m.propertyName, [...(byProp.get(m.propertyName) ?? []), m]);
  return new Map([...byProp].map(([p, ms]) => [p, constraintsOf(ms)]));
}

/** Adds the validator's constraints to a schema (the decorators' explicit values win). */
function refine(target: SchemaObject, c: { schema: SchemaObject; each: SchemaObject }): void {
  const merge = (into: SchemaObject, from: SchemaObject) => {
    for (const [k, v] of Object.entries(from) as [keyof SchemaObject, unknown][]) {
      if (k === 'type' && into.type !== 'number') continue;
      if (into[k] === undefined || k === 'type') (into as Record<string, unknown>)[k] = v;
    }
  };
  const items = target.items as SchemaObject | undefined;
  if (target.type === 'array' && items && !('$ref' in items)) {
    merge(items, c.each);
    merge(target, { ...c.schema, format: undefined, pattern: undefined, enum: undefined, minimum: undefined, maximum: undefined, minLength: undefined, maxLength: undefined });
  } else {
    merge(target, c.schema);
  }
  for (const k of Object.keys(target) as (keyof SchemaObject)[]) if (target[k] === undefined) delete target[k];
}

/** Every class a schema of the document may come from: route bodies and queries, and their nested DTOs. */
function dtoClasses(handlers: RouteHandler[]): Map<string, Type<unknown>> {
  const classes = new Map<string, Type<unknown>>();
  const visit = (cls: Type<unknown> | undefined) => {
    if (!cls || classes.has(cls.name) || [String, Number, Boolean, Object, Array].includes(cls as never)) return;
    classes.set(cls.name, cls);
    for (const m of getMetadataStorage().getTargetValidationMetadatas(cls, '', true, false)) {
      if (m.type === 'nestedValidation') {
        const t = Reflect.getMetadata('design:type', cls.prototype as object, m.propertyName) as Type<unknown> | undefined;
        if (t && t !== Array) visit(t);
      }
    }
    // @Type(() => X) targets of nested arrays
    for (const t of nestedTypes(cls)) visit(t);
  };
  for (const h of handlers) for (const a of [...routeArgs(h, RouteParamtypes.BODY), ...routeArgs(h, RouteParamtypes.QUERY)]) visit(a.metatype);
  return classes;
}

/** The DTO classes a class's properties hold (`@ApiProperty({ type: X })` / `type: [X]`). */
function nestedTypes(cls: Type<unknown>): Type<unknown>[] {
  const props = new Set(getMetadataStorage().getTargetValidationMetadatas(cls, '', true, false).map((m) => m.propertyName));
  return [...props]
    .map((p) => (Reflect.getMetadata('swagger/apiModelProperties', cls.prototype as object, p) as { type?: unknown } | undefined)?.type)
    .map((t) => (Array.isArray(t) ? (t[0] as unknown) : t))
    .filter((t): t is Type<unknown> => typeof t === 'function' && t.prototype !== undefined && ![String, Number, Boolean, Object, Array].includes(t as never));
}

/** A pipe given as an instance (`uuidPipe()`) or as its class (`ParseIntPipe`). */
function isPipe(pipe: unknown, cls: Type<unknown>): boolean {
  return pipe instanceof cls || pipe === cls;
}

function errorSchema(codes: string[]): SchemaObject {
  return {
    allOf: [{ $ref: '#/components/schemas/ErrorResponseDto' }, { type: 'object', properties: { code: { type: 'string', enum: codes } } }],
  };
}

function statusOfCode(code: ApiErrorCode): readonly number[] {
  return ERROR_CODES[code];
}

const WRITE_METHODS = new Set([RequestMethod.POST, RequestMethod.PUT, RequestMethod.PATCH, RequestMethod.DELETE]);

/** The error codes of one route: its declared ones and those its kind implies. */
function errorCodesOf(h: RouteHandler, op: OperationObject): ApiErrorCode[] {
  const reflector = new Reflector();
  const targets = [h.handler, h.controller];
  const codes = new Set<ApiErrorCode>([...((Reflect.getMetadata(ERRORS, h.controller) as ApiErrorCode[] | undefined) ?? []), ...((Reflect.getMetadata(ERRORS, h.handler) as ApiErrorCode[] | undefined) ?? [])]);
  if (!reflector.getAllAndOverride<boolean>(IS_PUBLIC, targets)) {
    codes.add('UNAUTHORIZED').add('INVALID_TOKEN').add('TOKEN_WITHOUT_EXPIRY').add('ROLES_CHANGED').add('ACCOUNT_BANNED');
    if (reflector.getAllAndOverride<unknown[]>(ROLES, targets)?.length) codes.add('FORBIDDEN');
  }
  const params = (op.parameters ?? []) as ParameterObject[];
  // Every request passes the JSON body parser, the depth bound and the well-formed-text check before routing: any
  // operation answers a malformed, oversized or too deeply nested JSON body, and a NUL or unpaired surrogate in the
  // query or body, itself.
  codes.add('VALIDATION_FAILED').add('MALFORMED_JSON').add('PAYLOAD_TOO_LARGE').add('PAYLOAD_TOO_DEEP');
  for (const p of routeArgs(h, RouteParamtypes.PARAM).concat(routeArgs(h, RouteParamtypes.QUERY))) {
    for (const pipe of p.pipes ?? []) {
      if (isPipe(pipe, ParseUUIDPipe)) codes.add('INVALID_ID').add('NOT_FOUND');
      if (isPipe(pipe, ParseIntPipe) || isPipe(pipe, ParseEnumPipe)) codes.add('BAD_REQUEST');
    }
  }
  if (params.some((p) => p.in === 'path' && (p.schema as SchemaObject | undefined)?.enum)) codes.add('NOT_FOUND');
  if (WRITE_METHODS.has(h.requestMethod)) codes.add('TRY_AGAIN');
  return [...codes];
}

function applyPathParams(h: RouteHandler, op: OperationObject): void {
  const params = (op.parameters ?? []) as ParameterObject[];
  for (const a of routeArgs(h, RouteParamtypes.PARAM)) {
    const p = params.find((x) => x.in === 'path' && x.name === a.data);
    if (!p) continue;
    const schema: SchemaObject = { ...((p.schema as SchemaObject | undefined) ?? {}) };
    for (const pipe of a.pipes ?? []) {
      if (isPipe(pipe, ParseUUIDPipe)) Object.assign(schema, { type: 'string', format: 'uuid' });
      if (isPipe(pipe, ParseIntPipe)) Object.assign(schema, { type: 'integer' });
      if (pipe instanceof ParseEnumPipe) Object.assign(schema, { type: 'string', enum: Object.values((pipe as unknown as { enumType: object }).enumType) });
    }
    p.schema = schema;
  }
  for (const a of routeArgs(h, RouteParamtypes.QUERY)) {
    if (a.data !== undefined) {
      const p = params.find((x) => x.in === 'query' && x.name === a.data);
      if (p && (a.pipes ?? []).some((x) => isPipe(x, ParseIntPipe))) p.schema = { ...((p.schema as SchemaObject | undefined) ?? {}), type: 'integer' };
      continue;
    }
    if (!a.metatype) continue;
    const constraints = validationByProperty(a.metatype);
    for (const p of params) {
      const c = p.in === 'query' ? constraints.get(p.name) : undefined;
      if (c && p.schema && !('$ref' in p.schema)) refine(p.schema, c);
    }
  }
}

function applyResponses(h: RouteHandler, op: OperationObject): void {
  const ok = Reflect.getMetadata(OK, h.handler) as OkMetadata | undefined;
  const status = String(successStatus(h));
  if (ok?.example !== undefined) {
    const content = (op.responses[status] as { content?: Record<string, { example?: unknown }> } | undefined)?.content?.['application/json'];
    if (content) content.example = ok.example;
  }
  const byStatus = new Map<number, string[]>();
  for (const code of errorCodesOf(h, op)) for (const s of statusOfCode(code)) byStatus.set(s, [...(byStatus.get(s) ?? []), code]);
  for (const [s, codes] of [...byStatus].sort(([a], [b]) => a - b)) {
    codes.sort();
    op.responses[String(s)] = { description: codes.join(', '), content: { 'application/json': { schema: errorSchema(codes) } } };
  }
}

/** Declares each handler's success body as Swagger metadata (idempotent), so the document's schemas come from the DTO classes. */
function declareSuccess(handlers: RouteHandler[]): void {
  for (const h of handlers) {
    const ok = Reflect.getMetadata(OK, h.handler) as OkMetadata | undefined;
    if (!ok) continue;
    // Swagger's decorator on a throw-away function, then its entry replaces this status's on the handler:
    // building the document again (another app in the same process) declares it once, not twice.
    const probe = { value: () => undefined };
    ApiResponse({ status: successStatus(h), type: ok.type, isArray: ok.isArray, description: ok.description ?? '' })(h.controller.prototype as object, h.key, probe);
    const existing = (Reflect.getMetadata(API_RESPONSE_METADATA, h.handler) as object | undefined) ?? {};
    Reflect.defineMetadata(API_RESPONSE_METADATA, { ...existing, ...(Reflect.getMetadata(API_RESPONSE_METADATA, probe.value) as object) }, h.handler);
  }
}

export const OPENAPI_INFO = {
  title: 'DCS Tournament Platform',
  description:
    'Weekly dominoes challenges, live tables, rankings and the review board. Errors are `{ code, message, details? }` (ErrorResponseDto); each operation lists the codes it answers per status (catalogue: docs/error-codes.md). Live play is socket.io: see the AsyncAPI document at `/docs/asyncapi.json`.',
  version: '0.1.0',
};

/** Builds the OpenAPI document of an initialised-or-not Nest app (no listening needed). */
export function buildOpenApiDocument(app: INestApplication): OpenAPIObject {
  const handlers = routeHandlers(app);
  declareSuccess(handlers);
  const config = new DocumentBuilder().setTitle(OPENAPI_INFO.title).setDescription(OPENAPI_INFO.description).setVersion(OPENAPI_INFO.version).addBearerAuth().build();
  const doc = SwaggerModule.createDocument(app, config, { extraModels: [ErrorResponseDto] });
  const byId = new Map<string, OperationObject>();
  for (const item of Object.values(doc.paths)) {
    for (const op of Object.values(item) as unknown[]) {
      const o = op as OperationObject;
      if (o && typeof o === 'object' && typeof o.operationId === 'string') byId.set(o.operationId, o);
    }
  }
  const reflector = new Reflector();
  for (const h of handlers) {
    const op = byId.get(`${h.controller.name}_${h.key}`);
    if (!op) continue;
    applyPathParams(h, op);
    applyResponses(h, op);
    const isPublic = reflector.getAllAndOverride<boolean>(IS_PUBLIC, [h.handler, h.controller]);
    if (isPublic) delete op.security;
    else op.security = [{ bearer: [] }];
  }
  // Request bodies and nested DTOs: the validator's constraints on their schemas.
  const schemas = doc.components?.schemas ?? {};
  for (const [name, cls] of dtoClasses(handlers)) {
    const schema = schemas[name] as SchemaObject | ReferenceObject | undefined;
    if (!schema || '$ref' in schema || !schema.properties) continue;
    for (const [prop, c] of validationByProperty(cls)) {
      const p = schema.properties[prop];
      if (p && !('$ref' in p)) refine(p, c);
    }
  }
  return doc;
}
