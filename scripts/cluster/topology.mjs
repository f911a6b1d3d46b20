// The deployment's topology (deploy/compose.yaml, deploy/.env.example, deploy/nginx.conf) turned into
// plain processes on this machine: the same services and settings, with only what a container network
// gives (host names, ports, volumes, MinIO) replaced by local ones. Read from the files every run, so
// the check cannot drift from what compose would start.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';

export const root = join(import.meta.dirname, '../..');
const deployDir = join(root, 'deploy');

/** `NAME=value` lines of deploy/.env.example (the same reading as apps/server/test/deploy.test.ts). */
export function envExample() {
  const vars = new Map();
  for (const line of readFileSync(join(deployDir, '.env.example'), 'utf8').split('\n')) {
    const match = /^([A-Z][A-Z0-9_]*)=(.*)$/.exec(line.trim());
    if (match) {
      vars.set(match[1], match[2]);
    }
  }
  return vars;
}

/** A compose service's environment, `${NAME}` filled from `vars`. */
function resolved(service, vars) {
  const env = {};
  for (const [name, raw] of Object.entries(service.environment ?? {})) {
    env[name] = String(raw ?? '').replace(/\$\{([A-Z][A-Z0-9_]*)\}/g, (_, ref) => vars.get(ref) ?? '');
  }
  return env;
}

/**
 * The services of compose.yaml by role: API (app image, default command), worker (app image,
 * worker.js), runner (runner image), each with its environment as the container would see it.
 */
export function composeServices(vars = envExample()) {
  const compose = parse(readFileSync(join(deployDir, 'compose.yaml'), 'utf8'), { merge: true });
  const entries = Object.entries(compose.services);
  const app = entries.filter(([, s]) => s.build?.target === 'app');
  const pick = (list) => list.map(([name, s]) => ({ name, command: s.command, env: resolved(s, vars) }));
  return {
    apis: pick(app.filter(([, s]) => s.command === undefined)),
    workers: pick(app.filter(([, s]) => s.command?.includes('apps/server/dist/worker.js'))),
    runners: pick(entries.filter(([, s]) => s.build?.target === 'runner')),
  };
}

/**
 * What this machine changes in an app service's environment, and why: the container addresses become
 * local ones, and the bucket is an s3rver of the check's own (MinIO cannot be pulled here;
 * docs/decisions.md), reached directly by the apps and through nginx by browsers and ffmpeg, as
 * compose's MinIO is. Every other setting, the bucket's name included, stays as compose.yaml sets it.
 */
export function localAppEnv(env, { port, dataDir, databaseUrl, redisUrl, redisPrefix, demoPassword, s3 }) {
  return {
    ...env,
    HOST: '127.0.0.1',
    PORT: String(port),
    DATA_DIR: dataDir,
    STORAGE_DRIVER: 's3',
    S3_ENDPOINT: s3.endpoint,
    S3_ACCESS_KEY_ID: s3.accessKeyId,
    S3_SECRET_ACCESS_KEY: s3.secretAccessKey,
    S3_PUBLIC_URL: s3.publicUrl,
    DATABASE_URL: databaseUrl,
    REDIS_URL: redisUrl,
    // The check's own Redis (scripts/cluster/redis.mjs); the prefix as compose sets one.
    REDIS_PREFIX: redisPrefix,
    // .env.example leaves it blank (generated and logged once); the check signs in with a known one.
    DEMO_PASSWORD: demoPassword,
    // Seeded course videos are a one-off render of minutes on two cores; not what the check is about.
    COURSE_VIDEOS: 'off',
    LOG_LEVEL: 'info',
  };
}

/** The names localAppEnv changes, for the summary. */
export const LOCAL_OVERRIDES = [
  'HOST/PORT (127.0.0.1, free ports)',
  'DATA_DIR (one shared scratch directory: temporary files only)',
  'S3_ENDPOINT/S3_ACCESS_KEY_ID/S3_SECRET_ACCESS_KEY/S3_PUBLIC_URL (an s3rver of its own in place of MinIO)',
  'DATABASE_URL (a fresh database on the machine’s PostgreSQL)',
  'REDIS_URL (a redis-server of its own without persistence, killed with SIGKILL in the run)',
  'DEMO_PASSWORD (known)',
  'COURSE_VIDEOS=off',
  'LOG_LEVEL=info',
];

/** Requests nginx answers on one client connection before closing it (deploy/nginx.conf, else nginx's 1,000). */
export function nginxKeepaliveRequests() {
  const set = /^\s*keepalive_requests (\d+);/m.exec(readFileSync(join(deployDir, 'nginx.conf'), 'utf8'));
  return set ? Number(set[1]) : 1000;
}

/**
 * deploy/nginx.conf with the container parts swapped for local ones: the upstream servers become the
 * API processes' ports (no `resolve`, no Docker resolver: the addresses do not move), `${HTTP_PORT}`
 * the proxy's port, `${S3_BUCKET}` the bucket, and MinIO's address the check's S3 server. Every other
 * rule (websocket upgrade, body size, timeouts, retries, the bucket's read-only location) is the
 * file's own. Wrapped in a main context that runs in the foreground, writing only under `dir`, with an
 * access log (`dir`/access.log) naming the API each request went to.
 */
export function nginxConfig({ listenPort, apiPorts, dir, bucket, s3Address }) {
  let text = readFileSync(join(deployDir, 'nginx.conf'), 'utf8');
  text = text.replace(/^resolver .*$/m, '');
  const servers = [...text.matchAll(/^\s*server [a-z0-9-]+:\d+ resolve;\n/gm)];
  if (servers.length !== apiPorts.length) {
    throw new Error(`deploy/nginx.conf names ${servers.length} API servers, the check runs ${apiPorts.length}`);
  }
  text = text.replace(
    servers.map((m) => m[0]).join(''),
    apiPorts.map((port) => `  server 127.0.0.1:${port};\n`).join(''),
  );
  if (!text.includes('minio:9000')) {
    throw new Error('deploy/nginx.conf: the bucket location names no minio:9000; update scripts/cluster/topology.mjs');
  }
  text = text
    .replaceAll('minio:9000', s3Address)
    .replaceAll('${S3_BUCKET}', bucket)
    .replaceAll('${HTTP_PORT}', String(listenPort));
  // The file's comments name the template variables too; only directives count.
  const left = text
    .split('\n')
    .filter((line) => !line.trim().startsWith('#'))
    .find((line) => line.includes('${'));
  if (left) {
    throw new Error(`deploy/nginx.conf: a template variable is left: ${left.trim()}`);
  }
  return `daemon off;
master_process on;
worker_processes 1;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 1024; }
http {
  # Which API had each request, and how it ended: tells a members' call the killed API dropped.
  log_format cluster '$msec $status "$upstream_addr" "$upstream_status" "$http_x_load_call"';
  access_log ${dir}/access.log cluster;
  client_body_temp_path ${dir}/body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
${text}
}
`;
}
