import type { OpenAPIObject } from '@nestjs/swagger';
import { ResponseContract } from '../support/contract';

const error = { content: { 'application/json': { schema: { allOf: [{ $ref: '#/components/schemas/Err' }, { type: 'object', properties: { code: { type: 'string', enum: ['NOT_FOUND'] } } }] } } } };

const doc = {
  openapi: '3.0.0',
  info: { title: 't', version: '1' },
  paths: {
    '/things/{id}': {
      get: {
        responses: {
          '200': { description: '', content: { 'application/json': { schema: { $ref: '#/components/schemas/Thing' } } } },
          '404': { description: '', ...error },
        },
      },
    },
    '/things/special': { get: { responses: { '200': { description: '', content: { 'application/json': { schema: { type: 'array', items: { type: 'string' } } } } } } } },
    '/bare': { post: { responses: { '201': { description: '' } } } },
  },
  components: {
    schemas: {
      Err: { type: 'object', required: ['code', 'message'], properties: { code: { type: 'string' }, message: { type: 'string' } } },
      Owner: { type: 'object', required: ['id'], properties: { id: { type: 'string', format: 'uuid' } } },
      Thing: {
        type: 'object',
        required: ['id', 'status', 'note', 'owner', 'at'],
        properties: {
          id: { type: 'string', format: 'uuid' },
          status: { type: 'string', enum: ['open', 'closed'] },
          note: { type: 'string', nullable: true },
          owner: { nullable: true, allOf: [{ $ref: '#/components/schemas/Owner' }] },
          at: { type: 'string', format: 'date-time' },
        },
      },
    },
  },
} as unknown as OpenAPIObject;

const id = '2b6f1d3a-5c7e-4f9a-8b1d-3e5f7a9c1b2d';
const thing = { id, status: 'open', note: null, owner: null, at: '2027-03-20T12:00:00.000Z' };
const JSON_TYPE = 'application/json; charset=utf-8';

describe('the response contract of the e2e suites', () => {
  it('accepts a body matching the operation\'s schema, nulls where the schema is nullable and $refs resolved', () => {
    const c = new ResponseContract(doc);
    c.check('GET', `http://127.0.0.1:4000/things/${id}?x=1`, 200, JSON_TYPE, thing);
    c.check('GET', `/things/${id}`, 200, JSON_TYPE, { ...thing, note: 'n', owner: { id } });
    c.check('GET', `/things/${id}`, 404, JSON_TYPE, { code: 'NOT_FOUND', message: 'no' });
    expect(c.stats).toEqual({ validated: 3, unmatched: 0 });
  });

  it('fails on a status the operation does not declare', () => {
    expect(() => new ResponseContract(doc).check('GET', `/things/${id}`, 500, JSON_TYPE, { code: 'INTERNAL_ERROR', message: 'x' })).toThrow(/answered 500, which the document does not declare/);
  });

  it('fails on a body that does not match: a missing field, a wrong enum, a null where none is allowed, a bad format, an undeclared error code', () => {
    const c = new ResponseContract(doc);
    const { status: _status, ...withoutStatus } = thing;
    expect(() => c.check('GET', `/things/${id}`, 200, JSON_TYPE, withoutStatus)).toThrow(/must have required property 'status'/);
    expect(() => c.check('GET', `/things/${id}`, 200, JSON_TYPE, { ...thing, status: 'gone' })).toThrow(/must be equal to one of the allowed values/);
    expect(() => c.check('GET', `/things/${id}`, 200, JSON_TYPE, { ...thing, id: null })).toThrow(/\/id must be string/);
    expect(() => c.check('GET', `/things/${id}`, 200, JSON_TYPE, { ...thing, owner: { id: 'nope' } })).toThrow(/\/owner/);
    expect(() => c.check('GET', `/things/${id}`, 200, JSON_TYPE, { ...thing, at: 'yesterday' })).toThrow(/must match format "date-time"/);
    expect(() => c.check('GET', `/things/${id}`, 404, JSON_TYPE, { code: 'GONE', message: 'x' })).toThrow(/\/code must be equal to one of the allowed values/);
    expect(c.stats.validated).toBe(0);
  });

  it('fails on a declared status without a body schema, and on a body that is not JSON', () => {
    expect(() => new ResponseContract(doc).check('POST', '/bare', 201, JSON_TYPE, {})).toThrow(/without a JSON body schema/);
    expect(() => new ResponseContract(doc).check('GET', `/things/${id}`, 200, 'text/html', '<p>')).toThrow(/not JSON/);
  });

  it('takes a literal segment over a parameter, and only counts a request to no operation', () => {
    const c = new ResponseContract(doc);
    c.check('GET', '/things/special', 200, JSON_TYPE, ['a']);
    c.check('GET', '/nowhere', 404, JSON_TYPE, { code: 'NOT_FOUND', message: 'x' });
    c.check('DELETE', `/things/${id}`, 404, JSON_TYPE, { code: 'NOT_FOUND', message: 'x' });
    expect(c.stats).toEqual({ validated: 1, unmatched: 2 });
  });
});
