import fs from 'node:fs';
import SwaggerParser from '@apidevtools/swagger-parser';
import { createConfig, lintFromString } from '@redocly/openapi-core';
import { FileSettingApi } from '@vidmatrix/contract/api/file-setting';
import { DocsApi } from '@vidmatrix/contract/api/health';
import { Code } from '@vidmatrix/contract/envelope';
import openapiTS, { astToString } from 'openapi-typescript';
import type { OpenAPIV3 } from 'openapi-types';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from './helpers.ts';

// Issue 13.10: an integrator generates a typed client from the served document with standard tools.

let ctx: TestContext;
let served: OpenAPIV3.Document;

beforeAll(async () => {
  ctx = await createTestApp();
  const res = await ctx.app.inject({ method: 'GET', url: '/api/docs/json' });
  expect(res.statusCode).toBe(200);
  served = res.json<OpenAPIV3.Document>();
}, 60_000);

afterAll(async () => {
  await ctx.close();
});

const copy = (): OpenAPIV3.Document => structuredClone(served);

const operations = () =>
  Object.entries(served.paths).flatMap(([path, item]) =>
    Object.entries(item ?? {})
      .filter(([, op]) => typeof op === 'object' && op !== null && 'responses' in op)
      .map(([method, op]) => ({ path, method, op: op as OpenAPIV3.OperationObject })),
  );

describe('the OpenAPI document at /api/docs', () => {
  it('validates, and every $ref resolves (the recursive menu and account trees are named components)', async () => {
    await expect(SwaggerParser.validate(copy())).resolves.toBeDefined();
    const schemas = served.components?.schemas ?? {};
    expect(Object.keys(schemas)).toEqual(expect.arrayContaining(['Menu', 'EnterpriseAccount']));
    // Circular on purpose: the dereferenced document keeps the recursion as object cycles.
    await expect(SwaggerParser.dereference(copy(), { dereference: { circular: true } })).resolves.toBeDefined();
  });

  it('declares the memberToken header, and every member call requires it', () => {
    expect(served.components?.securitySchemes?.memberToken).toEqual({
      type: 'apiKey',
      in: 'header',
      name: 'memberToken',
    });
    const info = served.paths['/api/member.Member/info']?.get;
    expect(info?.security).toEqual([{ memberToken: [] }]);
    // A publishing runner authenticates with its own token, on its own calls only.
    expect(served.components?.securitySchemes?.runnerToken).toMatchObject({ type: 'apiKey', in: 'header' });
    for (const { path, op } of operations()) {
      for (const requirement of op.security ?? []) {
        const scheme = Object.keys(requirement)[0];
        // The signed webhook is the one call made by a machine with the member's secret.
        const expected =
          scheme === 'runnerToken'
            ? scheme
            : path === '/api/customer.Webhook/message'
              ? 'webhookSignature'
              : 'memberToken';
        expect(Object.keys(requirement), path).toEqual([expected]);
        if (expected === 'runnerToken') {
          expect(path.startsWith('/api/runner.Runner/'), path).toBe(true);
        }
      }
    }
  });

  it('passes Redocly lint with its recommended rules, warnings included', async () => {
    // The one rule configured off: the product is not licensed to integrators under a public licence,
    // so the document names none (docs/decisions.md).
    const config = await createConfig({ extends: ['recommended'], rules: { 'info-license': 'off' } });
    const problems = await lintFromString({ source: JSON.stringify(served), absoluteRef: 'openapi.json', config });
    expect(problems.map((p) => `${p.ruleId} ${p.location[0]?.pointer ?? ''}`)).toEqual([]);
  });

  it('declares security: [] only on operations that answer without a token', async () => {
    const open = operations().filter(({ op }) => op.security?.length === 0);
    expect(open.map(({ path }) => path)).toEqual(expect.arrayContaining(['/api/member.Login/login', '/healthz']));
    for (const { path, method } of open) {
      const res = await ctx.app.inject({
        method: method.toUpperCase() as 'GET' | 'POST',
        url: path,
        payload: method === 'get' ? undefined : {},
      });
      const code = String(res.headers['content-type']).includes('json')
        ? res.json<{ code?: number }>().code
        : res.statusCode;
      expect(code, path).not.toBe(Code.unauthorized);
    }
  });

  it('gives every operation a unique operationId derived from its path', () => {
    const ids = operations().map(({ op }) => op.operationId);
    expect(ids.every((id) => typeof id === 'string' && /^[A-Za-z0-9_]+$/.test(id))).toBe(true);
    expect(new Set(ids).size).toBe(ids.length);
    expect(served.paths['/api/member.Member/info']?.get?.operationId).toBe('member_Member_info');
  });

  it('generates a typed client with openapi-typescript', async () => {
    const source = astToString(await openapiTS(copy() as unknown as Parameters<typeof openapiTS>[0]));
    expect(source).toContain('"/api/member.Member/info"');
    expect(source).toContain('member_Member_info');
    expect(source).toMatch(/Menu: \{/);
  });
});

/** Every `XApi` object the contract's API files export: its name and its paths. */
async function contractApis(): Promise<{ name: string; paths: string[] }[]> {
  const dir = new URL('../../../packages/contract/src/api/', import.meta.url);
  const files = fs.readdirSync(dir).filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'));
  const apis: { name: string; paths: string[] }[] = [];
  // A schema file re-exports the zod-free paths the public pages import (auth-paths.ts): one object.
  const seen = new Set<unknown>();
  for (const file of files) {
    const exports = (await import(new URL(file, dir).href)) as Record<string, unknown>;
    for (const [name, value] of Object.entries(exports)) {
      if (name.endsWith('Api') && typeof value === 'object' && value !== null && !seen.has(value)) {
        seen.add(value);
        apis.push({ name: `${file}:${name}`, paths: Object.values(value) as string[] });
      }
    }
  }
  return apis;
}

// Issue 26: every call's path is written once, in the contract, and the server serves exactly those.
describe('the API paths', () => {
  // Routes under /api/ a contract path does not name, on purpose: the per-upload URLs of the tus
  // protocol (the client follows the Location it is given) and @fastify/swagger-ui's own files.
  const unnamed = [`${FileSettingApi.tus}/`, `${DocsApi.ui}/`];

  it('every route under /api/ has a contract path, and every contract path a route', async () => {
    const apis = await contractApis();
    const contract = apis.flatMap((api) => api.paths);
    expect(contract.filter((path) => !path.startsWith('/api/'))).toEqual([]);
    // One source: no path is declared by two objects (or twice in one).
    expect(contract.filter((path, i) => contract.indexOf(path) !== i)).toEqual([]);
    const served = new Set(ctx.app.routeTable.map((route) => route.url).filter((url) => url.startsWith('/api/')));
    const named = new Set(contract);
    expect([...served].filter((url) => !named.has(url) && !unnamed.some((prefix) => url.startsWith(prefix)))).toEqual(
      [],
    );
    expect(contract.filter((path) => !served.has(path))).toEqual([]);
  });

  it('writes each path once in the contract source (a list of calls derives from the API objects)', () => {
    const dir = new URL('../../../packages/contract/src/', import.meta.url);
    const written = fs
      .readdirSync(dir, { recursive: true, encoding: 'utf8' })
      .filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts'))
      .flatMap((file) =>
        [...fs.readFileSync(new URL(file, dir), 'utf8').matchAll(/'(\/api\/[^'?]*)'/g)].map((match) => match[1]),
      );
    expect(written.length).toBeGreaterThan(100);
    expect(written.filter((path, i) => written.indexOf(path) !== i)).toEqual([]);
  });
});
