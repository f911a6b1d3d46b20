// deploy/compose.yaml brought up with podman on this machine, service by service as compose would: its
// services, images, commands, environment (`${NAME}` from an env file), volumes, ports, network aliases,
// init, shm size, restart policies and health checks, in depends_on order with their conditions.
// podman-compose 1.0 (Debian's) ignores depends_on conditions and podman runs no health check by itself
// without systemd, so this waits on them itself (`podman healthcheck run`). The images compose pulls come
// from deploy/local/Containerfile.services (no registry here; STAND_INS). bench/cluster.bench.mjs drives it.
import { execFileSync, spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parse } from 'yaml';
import { until } from './procs.mjs';
import { root } from './topology.mjs';

const deployDir = join(root, 'deploy');
/** podman's settings for this machine (runc, ulimits): deploy/local/containers.conf. */
export const PODMAN_ENV = {
  ...process.env,
  CONTAINERS_CONF: process.env.CONTAINERS_CONF ?? join(deployDir, 'local/containers.conf'),
};
const LABEL = 'io.vidmatrix.stack';

/** `podman …`; its output (trimmed). Throws with podman's error when it fails. */
export function podman(...args) {
  return execFileSync('podman', args, { env: PODMAN_ENV, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] }).trim();
}

/** `podman …`; whether it exited 0 (for health checks and existence tests). */
function podmanOk(...args) {
  return spawnSync('podman', args, { env: PODMAN_ENV, stdio: 'ignore' }).status === 0;
}

/**
 * What stands in for each image compose.yaml pulls (by name before the tag): a local image, and for
 * MinIO what s3rver needs instead of `mc` (its health check; the bucket is made by s3rver itself, and
 * its objects are readable without a policy, so the one-shot minio-bucket has nothing to do).
 */
export const STAND_INS = {
  nginx: { image: 'localhost/vidmatrix-nginx:local' },
  postgres: { image: 'localhost/vidmatrix-postgres:local' },
  redis: { image: 'localhost/vidmatrix-redis:local' },
  'minio/minio': {
    image: 'localhost/vidmatrix-s3:local',
    command: [],
    healthcheck: {
      test: [
        'CMD',
        'node',
        '-e',
        "fetch('http://127.0.0.1:9000/').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))",
      ],
      interval: '10s',
    },
    env: (vars) => ({ S3_BUCKET: vars.get('S3_BUCKET') }),
  },
  'minio/mc': { skip: 's3rver creates the bucket and serves its objects to anyone' },
};

/** `NAME=value` lines of an env file. */
export function readEnvFile(path) {
  const vars = new Map();
  for (const line of readFileSync(path, 'utf8').split('\n')) {
    const match = /^([A-Z][A-Z0-9_]*)=(.*)$/.exec(line.trim());
    if (match) {
      vars.set(match[1], match[2]);
    }
  }
  return vars;
}

/** Compose's interpolation: `${NAME}` from `vars` (unset: empty), `$$` a literal dollar. */
function interpolate(value, vars) {
  if (typeof value === 'string') {
    return value.replace(/\$\$|\$\{([A-Z][A-Z0-9_]*)\}/g, (all, name) => (name ? (vars.get(name) ?? '') : '$'));
  }
  if (Array.isArray(value)) {
    return value.map((v) => interpolate(v, vars));
  }
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, interpolate(v, vars)]));
  }
  return value;
}

/** compose.yaml with `vars` filled in: { name, services, volumes }. */
export function loadCompose(vars) {
  const compose = parse(readFileSync(join(deployDir, 'compose.yaml'), 'utf8'), { merge: true });
  return interpolate(compose, vars);
}

const shellQuote = (arg) => `'${arg.replaceAll("'", "'\\''")}'`;

/** The `podman run` arguments of one service (with its stand-in, when its image is pulled). */
function runArgs(project, name, service, vars) {
  const standIn = service.build ? undefined : STAND_INS[service.image.replace(/:[^/]*$/, '')];
  const image = standIn?.image ?? `localhost/${service.image}`;
  const args = ['run', '-d', '--pull', 'never', '--name', `${project}-${name}`, '--label', `${LABEL}=${project}`];
  args.push('--network', `${project}_default`, '--network-alias', name);
  for (const alias of service.networks?.default?.aliases ?? []) {
    args.push('--network-alias', alias);
  }
  if (service.restart) {
    args.push('--restart', service.restart);
  }
  if (service.init) {
    args.push('--init');
  }
  if (service.shm_size) {
    args.push('--shm-size', service.shm_size);
  }
  const env = { ...service.environment, ...standIn?.env?.(vars) };
  for (const [key, value] of Object.entries(env)) {
    args.push('-e', `${key}=${value ?? ''}`);
  }
  for (const volume of service.volumes ?? []) {
    const [source, ...rest] = volume.split(':');
    const host = source.startsWith('.') ? resolve(deployDir, source) : `${project}_${source}`;
    args.push('-v', [host, ...rest].join(':'));
  }
  for (const port of service.ports ?? []) {
    args.push('-p', port);
  }
  const health = standIn?.healthcheck ?? service.healthcheck;
  if (health?.disable) {
    args.push('--no-healthcheck');
  } else if (health?.test) {
    const [kind, ...cmd] = health.test;
    // podman 4.3 reads a JSON array here as one program's name: a shell line, each CMD argument quoted.
    args.push('--health-cmd', kind === 'CMD-SHELL' ? cmd.join(' ') : cmd.map(shellQuote).join(' '));
    for (const [key, flag] of [
      ['interval', '--health-interval'],
      ['timeout', '--health-timeout'],
      ['start_period', '--health-start-period'],
    ]) {
      if (health[key]) {
        // podman reads compose's durations (10s, 1m) as they are.
        args.push(flag, health[key]);
      }
    }
    if (health.retries) {
      args.push('--health-retries', String(health.retries));
    }
  }
  if (service.entrypoint) {
    args.push('--entrypoint', JSON.stringify(service.entrypoint));
  }
  args.push(image, ...(standIn?.command ?? service.command ?? []));
  return args;
}

/** Whether the container's image (or its own HEALTHCHECK) has a health check. */
function hasHealthcheck(container) {
  const check = JSON.parse(podman('inspect', '--format', '{{json .Config.Healthcheck}}', container));
  // `--no-healthcheck` and the runner's `HEALTHCHECK NONE` leave ["NONE"].
  return Boolean(check?.Test?.length) && check.Test[0] !== 'NONE';
}

/** Waits until `container` passes its health check (run on demand: podman has no scheduler here). */
export async function healthy(container, withinMs = 300_000) {
  await until(`${container} healthy`, () => podmanOk('healthcheck', 'run', container), Boolean, withinMs);
}

/**
 * A compose stack under podman. `vars`: the env file's values. up(names) starts those services (and
 * what they depend on) in order, waiting on each dependency's condition; down() removes every
 * container, volume and the network it made.
 */
export function podmanStack({ project, vars }) {
  let compose = loadCompose(vars);
  const started = new Set();
  const container = (name) => `${project}-${name}`;
  const skipped = (name) => {
    const image = compose.services[name].image ?? '';
    return !compose.services[name].build && STAND_INS[image.replace(/:[^/]*$/, '')]?.skip;
  };

  async function waitFor(name, condition) {
    if (skipped(name) || condition === 'service_started') {
      return;
    }
    if (condition === 'service_completed_successfully') {
      const code = podman('wait', container(name));
      if (code !== '0') {
        throw new Error(`${name} exited ${code}`);
      }
      return;
    }
    await healthy(container(name));
  }

  async function start(name, chain = []) {
    if (started.has(name)) {
      return;
    }
    if (chain.includes(name)) {
      throw new Error(`depends_on cycle: ${[...chain, name].join(' → ')}`);
    }
    const service = compose.services[name];
    // Every dependency started first, then each one's condition awaited: they come up side by side.
    const dependencies = Object.entries(service.depends_on ?? {});
    for (const [dependency] of dependencies) {
      await start(dependency, [...chain, name]);
    }
    for (const [dependency, { condition }] of dependencies) {
      await waitFor(dependency, condition);
    }
    started.add(name);
    if (!skipped(name)) {
      podman(...runArgs(project, name, service, vars));
    }
  }

  return {
    get compose() {
      return compose;
    },
    container,
    /** Creates the network and volumes, then starts `names` (every service by default). */
    async up(names = Object.keys(compose.services)) {
      // `vars` as they are now (the runner's token is set after the first start).
      compose = loadCompose(vars);
      if (!podmanOk('network', 'exists', `${project}_default`)) {
        podman('network', 'create', '--label', `${LABEL}=${project}`, `${project}_default`);
      }
      for (const volume of Object.keys(compose.volumes ?? {})) {
        if (!podmanOk('volume', 'exists', `${project}_${volume}`)) {
          podman('volume', 'create', '--label', `${LABEL}=${project}`, `${project}_${volume}`);
        }
      }
      for (const name of names) {
        await start(name);
      }
      // Whatever has a health check is healthy before up() returns (compose's `up --wait`).
      for (const name of names.filter((n) => !skipped(n) && hasHealthcheck(container(n)))) {
        await healthy(container(name));
      }
    },
    /** The host pid of the service's main process (the one under `init`, when it has one). */
    mainPid(name) {
      const pid = Number(podman('inspect', '--format', '{{.State.Pid}}', container(name)));
      const children = readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean);
      return compose.services[name].init && children.length > 0 ? Number(children[0]) : pid;
    },
    /** `podman exec` in the service's container; the output. */
    exec: (name, ...command) => podman('exec', container(name), ...command),
    /** The service's container state: running, exited, … */
    state: (name) => podman('inspect', '--format', '{{.State.Status}}', container(name)),
    logs: (name) => podman('logs', '--tail', '200', container(name)),
    /** Removes every container, volume and network of the project (also when up() failed midway). */
    down() {
      const ids = podman('ps', '-aq', '--filter', `label=${LABEL}=${project}`).split('\n').filter(Boolean);
      if (ids.length > 0) {
        // -v: the anonymous volumes of the images' VOLUME /data too.
        podman('rm', '-f', '-v', '-t', '5', ...ids);
      }
      const volumes = podman('volume', 'ls', '-q', '--filter', `label=${LABEL}=${project}`).split('\n').filter(Boolean);
      if (volumes.length > 0) {
        podman('volume', 'rm', '-f', ...volumes);
      }
      if (podmanOk('network', 'exists', `${project}_default`)) {
        podman('network', 'rm', '-f', `${project}_default`);
      }
    },
  };
}
