import { appendFileSync } from 'node:fs';
import Ajv, { type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import type { OpenAPIObject } from '@nestjs/swagger';
import { toJsonSchema } from '../../apps/api/src/common/json-schema';

/**
 * Holds the OpenAPI document to what the API really answers: every response the e2e suites
 * receive through `TestApi.http()` is checked against the operation it reached (method + path
 * template of the document, so no path prefix is assumed) — its status must be declared and its
 * JSON body must match the declared schema (OpenAPI 3.0: `nullable` honoured, `$ref`s resolved).
 * A request to no operation of the document (an unknown route) is counted, not checked.
 */

type Json = Record<string, unknown>;

interface Operation {
  method: string;
  template: string;
  pattern: RegExp;
  params: number;
  responses: Record<string, { content?: Record<string, { schema?: Json }> }>;
}

const DOC_ID = 'openapi';

export class ResponseContract {
  readonly stats = { validated: 0, unmatched: 0 };
  private readonly ajv: Ajv;
  private readonly operations: Operation[] = [];
  private readonly validators = new Map<string, ValidateFunction>();

  constructor(doc: OpenAPIObject) {
    this.ajv = new Ajv({ strict: false, allErrors: true });
    addFormats(this.ajv);
    this.ajv.addSchema({ $id: DOC_ID, components: toJsonSchema(doc.components ?? {}, DOC_ID) as Json });
    for (const [template, item] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(item as Json)) {
        if (!op || typeof op !== 'object' || !('responses' in op)) continue;
        const names = template.match(/\{[^}]+\}/g) ?? [];
        const source = template
          .split(/\{[^}]+\}/)
          .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
          .join('([^/]+)');
        this.operations.push({ method: method.toUpperCase(), template, pattern: new RegExp(`^${source}/?$`), params: names.length, responses: (op as { responses: Operation['responses'] }).responses });
      }
    }
  }

  /** The operation a request reached: the template with the fewest parameters wins (a literal segment beats a parameter). */
  private find(method: string, path: string): Operation | undefined {
    return this.operations.filter((o) => o.method === method && o.pattern.test(path)).sort((a, b) => a.params - b.params)[0];
  }

  /** Throws when the response is not what the document declares for this operation and status. */
  check(method: string, url: string, status: number, contentType: string | undefined, body: unknown): void {
    const path = new URL(url, 'http://localhost').pathname;
    const op = this.find(method.toUpperCase(), path);
    if (!op) {
      this.stats.unmatched += 1;
      return;
    }
    const where = `${method.toUpperCase()} ${path} (${op.template})`;
    const declared = op.responses[String(status)];
    if (!declared) {
      throw new Error(`OpenAPI contract: ${where} answered ${status}, which the document does not declare (declared: ${Object.keys(op.responses).join(', ')}). Body: ${JSON.stringify(body).slice(0, 500)}`);
    }
    if (status === 304) {
      // Not Modified has no body (a cacheable read's ETag round trip): its declaration is what is checked
      this.stats.validated += 1;
      return;
    }
    const media = contentType?.split(';')[0].trim() ?? '';
    if (media && media !== 'application/json' && declared.content?.[media]) {
      // a declared non-JSON body (an iCalendar feed): the content type is what is checked
      this.stats.validated += 1;
      return;
    }
    const schema = declared.content?.['application/json']?.schema;
    if (!schema) {
      throw new Error(`OpenAPI contract: ${where} declares ${status} without a JSON body schema`);
    }
    if (!contentType?.includes('application/json')) {
      throw new Error(`OpenAPI contract: ${where} answered ${status} with ${contentType ?? 'no content type'}, not JSON`);
    }
    const key = `${op.method} ${op.template} ${status}`;
    let validate = this.validators.get(key);
    if (!validate) {
      validate = this.ajv.compile(toJsonSchema(schema, DOC_ID) as Json);
      this.validators.set(key, validate);
    }
    if (!validate(body)) {
      const errors = (validate.errors ?? []).slice(0, 8).map((e) => `${e.instancePath || '(body)'} ${e.message ?? ''} ${e.params ? JSON.stringify(e.params) : ''}`);
      throw new Error(`OpenAPI contract: ${where} answered ${status} with a body that does not match the declared schema:\n  ${errors.join('\n  ')}\nBody: ${JSON.stringify(body).slice(0, 1500)}`);
    }
    this.stats.validated += 1;
  }

  /** With CONTRACT_STATS_FILE set, appends this suite's counts as one JSON line (the e2e run's figures). */
  report(suite: string): void {
    const file = process.env.CONTRACT_STATS_FILE;
    if (file) appendFileSync(file, `${JSON.stringify({ suite, ...this.stats })}\n`);
  }
}
