import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app';
import { SESSION_SCHEME } from './openapi';

/**
 * The OpenAPI document (/api/docs/json) describes behaviour, not noise (issue 9): error
 * answers, the session cookie scheme, multipart, content types and the zod constraints.
 */
type Schema = Record<string, unknown> & { properties?: Record<string, Schema> };
type Answer = { description: string; content?: Record<string, { schema: Schema }> };
type Operation = {
  parameters?: { in: string; name: string; schema: Schema }[];
  requestBody?: { content: Record<string, { schema: Schema }> };
  responses: Record<string, Answer>;
  security?: Record<string, unknown[]>[];
};
type Document = {
  openapi: string;
  components: { securitySchemes?: Record<string, Record<string, string>> };
  paths: Record<string, Record<string, Operation>>;
};

let t: TestApp;
let doc: Document;
beforeAll(async () => {
  t = await buildTestApp();
  const res = await t.app.inject({ url: '/api/docs/json' });
  expect(res.statusCode).toBe(200);
  doc = res.json() as Document;
});
afterAll(async () => {
  await t.close();
});

const operations = () =>
  Object.entries(doc.paths).flatMap(([path, ops]) =>
    Object.entries(ops).map(([method, op]) => ({ path, method, op, name: `${method} ${path}` })),
  );
const op = (method: string, path: string) => doc.paths[path]![method]!;
const errorSchema = (answer: Answer | undefined) => answer?.content?.['application/json']?.schema;

describe('OpenAPI document', () => {
  it('declares the session cookie scheme, used by every signed-in operation', () => {
    expect(doc.openapi).toMatch(/^3\./);
    expect(doc.components.securitySchemes?.[SESSION_SCHEME]).toMatchObject({
      type: 'apiKey',
      in: 'cookie',
      name: 'sid',
    });
    const signedIn = operations().filter((o) => o.op.security);
    expect(signedIn.length).toBeGreaterThan(30);
    for (const { op: operation, name } of signedIn) {
      expect(operation.security, name).toEqual([{ [SESSION_SCHEME]: [] }]);
      expect(operation.responses['401'], name).toBeDefined();
    }
    expect(op('get', '/api/participants').security).toBeDefined();
    expect(op('get', '/api/stats').security).toBeUndefined();
    expect(op('post', '/api/auth/signin').security).toBeUndefined();
  });

  it('gives every operation with input a 400 of { message, errors }', () => {
    for (const { op: operation, name } of operations()) {
      const hasInput = Boolean(operation.requestBody || operation.parameters?.length);
      if (!hasInput) continue;
      const schema = errorSchema(operation.responses['400']);
      expect(schema, name).toBeDefined();
      expect(schema!.required, name).toEqual(['message']);
      expect(schema!.properties?.errors, name).toMatchObject({
        type: 'object',
        additionalProperties: { type: 'string' },
      });
    }
  });

  it('documents the { message } answers: 401, 403, 404, 409, 413, 423, 429, 503', () => {
    const signin = op('post', '/api/auth/signin').responses;
    for (const status of ['401', '413', '415', '423', '429', '503'])
      expect(errorSchema(signin[status]), status).toMatchObject({
        required: ['message'],
        properties: { message: { type: 'string' } },
      });
    expect(Object.keys(op('put', '/api/applications/{id}/status').responses)).toEqual(
      expect.arrayContaining(['200', '400', '401', '403', '404', '409', '413', '503']),
    );
    for (const { op: operation, name } of operations())
      if (name !== 'get /api/health') expect(operation.responses['503'], name).toBeDefined();
  });

  it('describes the photo upload as multipart/form-data with a binary photo part', () => {
    const upload = op('post', '/api/participants/{id}/upload-photo');
    const body = upload.requestBody!.content['multipart/form-data']!.schema;
    expect(body.properties?.photo).toMatchObject({ type: 'string', format: 'binary' });
    expect(body.required).toEqual(['photo']);
    expect(upload.requestBody!.content['application/json']).toBeUndefined();
    expect(upload.responses['413']).toBeDefined();
    expect(upload.responses['415']).toBeDefined();
  });

  it('gives the CSV exports text/csv and the photo image/jpeg, their errors JSON', () => {
    for (const path of ['/api/participants/export.csv', '/api/tests/{id}/payments.csv']) {
      const responses = op('get', path).responses;
      expect(Object.keys(responses['200']!.content!), path).toEqual(['text/csv']);
      expect(Object.keys(responses['403']!.content!), path).toEqual(['application/json']);
    }
    const photo = op('get', '/api/participants/{id}/photo').responses;
    expect(Object.keys(photo['200']!.content!)).toEqual(['image/jpeg']);
    expect(photo['304']).toBeDefined();
  });

  it("keeps the zod constraints: lengths, formats, the list's limit range", () => {
    const signin = op('post', '/api/auth/signin').requestBody!.content['application/json']!.schema;
    expect(signin.properties?.email).toMatchObject({ type: 'string', maxLength: 254 });
    expect(signin.properties?.password).toMatchObject({ minLength: 1, maxLength: 128 });
    const limit = op('get', '/api/participants').parameters!.find((p) => p.name === 'limit')!;
    expect(limit.in).toBe('query');
    expect(limit.schema).toMatchObject({ maximum: 200 });
  });
});
