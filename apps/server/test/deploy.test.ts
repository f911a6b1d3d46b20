import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { REQUIRED_RUNNER_ENV, RUNNER_ENV } from '@vidmatrix/publisher/runner/runner-env';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { envSchema, loadConfig } from '../src/config.ts';
import { createTestApp } from './helpers.ts';

// deploy/compose.yaml and deploy/.env.example against what the server and the runner really read.
const deployDir = fileURLToPath(new URL('../../../deploy/', import.meta.url));
const composeText = readFileSync(`${deployDir}compose.yaml`, 'utf8');
const envExampleText = readFileSync(`${deployDir}.env.example`, 'utf8');

interface Service {
  build?: { target?: string };
  image?: string;
  command?: string[];
  environment?: Record<string, string | number | boolean | null>;
}

/** `NAME=value` lines of an env file, comments and blank lines skipped. */
function parseEnvFile(text: string): Map<string, string> {
  const vars = new Map<string, string>();
  for (const line of text.split('\n')) {
    const match = /^([A-Z][A-Z0-9_]*)=(.*)$/.exec(line.trim());
    if (match?.[1] !== undefined) {
      vars.set(match[1], match[2] ?? '');
    }
  }
  return vars;
}

/** The names compose interpolates (`${NAME}`), `$$` being a literal dollar for the container's shell. */
function referencedNames(text: string): Set<string> {
  const names = new Set<string>();
  for (const match of text.replaceAll('$$', '').matchAll(/\$\{([A-Z][A-Z0-9_]*)\}/g)) {
    names.add(match[1] ?? '');
  }
  return names;
}

/** A service's environment as the container sees it, `${NAME}` filled from the env file. */
function resolvedEnv(service: Service, vars: Map<string, string>): Record<string, string> {
  const env: Record<string, string> = {};
  for (const [name, raw] of Object.entries(service.environment ?? {})) {
    env[name] = String(raw ?? '').replace(/\$\{([A-Z][A-Z0-9_]*)\}/g, (_, ref: string) => vars.get(ref) ?? '');
  }
  return env;
}

const compose = parse(composeText, { merge: true }) as { services: Record<string, Service> };
const vars = parseEnvFile(envExampleText);
const services = Object.entries(compose.services);
const appServices = services.filter(([, s]) => s.build?.target === 'app');
const apis = appServices.filter(([, s]) => s.command === undefined);
const workers = appServices.filter(([, s]) => s.command?.includes('apps/server/dist/worker.js'));
const runners = services.filter(([, s]) => s.build?.target === 'runner');
const serverNames = new Set(Object.keys(envSchema.shape));
const runnerNames = new Set(Object.keys(RUNNER_ENV));

describe('deploy/compose.yaml', () => {
  it('runs 2 API processes, 2 workers and 1 runner', () => {
    expect(apis.map(([name]) => name)).toHaveLength(2);
    expect(workers.map(([name]) => name)).toHaveLength(2);
    expect(runners.map(([name]) => name)).toHaveLength(1);
  });

  it('sets only variables the server reads on the API and worker processes', () => {
    for (const [name, service] of appServices) {
      const unknown = Object.keys(service.environment ?? {}).filter((key) => !serverNames.has(key));
      expect({ service: name, unknown }).toEqual({ service: name, unknown: [] });
    }
  });

  it('sets only variables the runner reads on the runner, the required ones included', () => {
    for (const [name, service] of runners) {
      const keys = Object.keys(service.environment ?? {});
      expect({ service: name, unknown: keys.filter((key) => !runnerNames.has(key)) }).toEqual({
        service: name,
        unknown: [],
      });
      expect(keys).toEqual(expect.arrayContaining([...REQUIRED_RUNNER_ENV]));
    }
  });

  it('gives every app process a configuration the server accepts, on the shared stores', () => {
    for (const [name, service] of appServices) {
      const config = loadConfig(resolvedEnv(service, vars));
      expect({ name, host: config.host, db: config.databaseUrl?.startsWith('postgres://') }).toEqual({
        name,
        host: '0.0.0.0',
        db: true,
      });
      expect(config.redisUrl, name).toMatch(/^redis:\/\//);
      expect(config.runners, name).toBe(0);
      // createStorage refuses s3 without a bucket and a public URL.
      expect(config.storage.driver, name).toBe('s3');
      expect(config.storage.s3.bucket, name).not.toBe('');
      expect(config.storage.s3.publicUrl, name).toMatch(/^https?:\/\/.+\/.+/);
    }
  });

  it('keeps jobs on the workers and the client address behind nginx on the API', () => {
    for (const [name, service] of apis) {
      const config = loadConfig(resolvedEnv(service, vars));
      expect({ name, jobs: config.jobs, trusts: config.trustProxy !== false }).toEqual({
        name,
        jobs: 'off',
        trusts: true,
      });
    }
    for (const [name, service] of workers) {
      expect({ name, jobs: loadConfig(resolvedEnv(service, vars)).jobs }).toEqual({ name, jobs: 'on' });
    }
  });
});

describe('deploy/compose.yaml images', () => {
  it('pins every image it pulls to a version (MinIO to a release tag), none to latest', () => {
    const pulled = services
      .filter(([, s]) => s.build === undefined && s.image !== undefined)
      .map(([name, s]) => ({ name, image: s.image ?? '' }));
    expect(pulled.length).toBeGreaterThan(0);
    expect(pulled.filter(({ image }) => !/:[\w.-]+$/.test(image) || image.endsWith(':latest'))).toEqual([]);
    for (const { image } of pulled.filter((p) => p.image.startsWith('minio/'))) {
      expect(image).toMatch(/:RELEASE\.\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}Z$/);
    }
  });
});

/** A duration of nginx's config (`60s`, `1m`, `500ms`, bare seconds) in ms. */
function nginxMs(value: string): number {
  const match = /^(\d+)(ms|s|m)?$/.exec(value);
  if (!match) {
    throw new Error(`not an nginx duration: ${value}`);
  }
  const unit = { ms: 1, s: 1000, m: 60_000 }[match[2] ?? 's'] ?? 1000;
  return Number(match[1]) * unit;
}

describe('deploy/nginx.conf against the API server', () => {
  it('drops idle upstream connections before the API closes them (no request written on a closing one)', async () => {
    const nginx = readFileSync(`${deployDir}nginx.conf`, 'utf8');
    const upstream = /^upstream api \{([^}]*)\}/m.exec(nginx)?.[1] ?? '';
    expect(upstream).toMatch(/^\s*keepalive \d+;/m);
    // Without it nginx keeps idle upstream connections 60 s, whatever the API does.
    const idle = /^\s*keepalive_timeout (\S+);/m.exec(upstream)?.[1];
    expect(idle, 'keepalive_timeout in the upstream block').toBeDefined();
    const ctx = await createTestApp();
    try {
      expect(ctx.app.server.keepAliveTimeout).toBeGreaterThan(nginxMs(idle ?? ''));
    } finally {
      await ctx.close();
    }
  });
});

describe('deploy/.env.example', () => {
  it('names every variable compose.yaml fills in, and none it does not use', () => {
    const referenced = referencedNames(composeText);
    expect([...referenced].filter((name) => !vars.has(name))).toEqual([]);
    expect([...vars.keys()].filter((name) => !referenced.has(name))).toEqual([]);
  });
});
