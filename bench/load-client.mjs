// The load benchmark's generator, in a process of its own: LOAD_MEMBERS simulated members for
// LOAD_SECONDS against LOAD_BASE, each signing in once and then browsing, uploading, importing and
// chatting with a think time between actions. Sends the latencies per call and the errors to its parent.
// LOAD_SOURCE_ADDRESSES=1 (the cluster check): each member connects from a loopback address of its own,
// so a proxy in front sees 200 clients; the parent may end the run early with the message 'stop'.
import { createHmac } from 'node:crypto';
import { request } from 'node:http';
import { xlsxFile } from '@vidmatrix/fixtures';

const base = process.env.LOAD_BASE;
const members = Number(process.env.LOAD_MEMBERS ?? 20);
const seconds = Number(process.env.LOAD_SECONDS ?? 60);
const password = process.env.LOAD_PASSWORD ?? 'load-pass-123';
const THINK_MS = [500, 1500];
const LOGIN_ATTEMPTS = 3;
const think = () => new Promise((r) => setTimeout(r, THINK_MS[0] + Math.random() * (THINK_MS[1] - THINK_MS[0])));
const sourceAddresses = process.env.LOAD_SOURCE_ADDRESSES === '1';
/** Failed calls with when they started and ended (epoch ms), so a parent can tell them from a kill. */
const failures = [];
const FAILURES_KEPT = 1000;

const latencies = new Map();
const errors = new Map();
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

/**
 * fetch, or with LOAD_SOURCE_ADDRESSES from member `index`'s own address (127.1.x.y): node:http, since
 * fetch cannot choose its local address without undici's Agent (not a dependency). Answers a Response.
 */
function sender(index) {
  if (!sourceAddresses) {
    return fetch;
  }
  const localAddress = `127.1.${index >> 8}.${(index & 255) + 1}`;
  let calls = 0;
  return async (url, init = {}) => {
    // Named in the proxy's log, so a failure can be traced to the process that had it.
    const callId = `${index}-${(calls += 1)}`;
    // A FormData or string body as the bytes and content type fetch would send.
    const encoded = init.body === undefined ? undefined : new Response(init.body);
    const body = encoded ? Buffer.from(await encoded.arrayBuffer()) : undefined;
    const headers = { ...init.headers, 'x-load-call': callId };
    const type = encoded?.headers.get('content-type');
    if (type && !Object.keys(headers).some((h) => h.toLowerCase() === 'content-type')) {
      headers['content-type'] = type;
    }
    return new Promise((resolve, reject) => {
      const req = request(url, { method: init.method ?? 'GET', headers, localAddress }, (res) => {
        const chunks = [];
        res.on('data', (c) => chunks.push(c));
        res.on('error', reject);
        res.on('end', () => {
          const answer = new Headers();
          for (const [k, v] of Object.entries(res.headers)) {
            answer.set(k, Array.isArray(v) ? v.join(', ') : String(v));
          }
          resolve(
            Object.assign(new Response(Buffer.concat(chunks), { status: res.statusCode, headers: answer }), { callId }),
          );
        });
      });
      req.on('error', reject);
      req.end(body);
    });
  };
}

function failed(name, startedAt, error, callId = '') {
  errors.set(name, (errors.get(name) ?? 0) + 1);
  if (failures.length < FAILURES_KEPT) {
    failures.push({ name, start: startedAt, end: Date.now(), error: error.slice(0, 200), callId });
  }
}

async function timed(name, run) {
  const start = performance.now();
  const startedAt = Date.now();
  try {
    const res = await run();
    const type = res.headers.get('content-type') ?? '';
    const body = type.includes('json')
      ? await res.json()
      : (await res.arrayBuffer(), { code: res.ok ? 200 : res.status });
    if (!res.ok || (body.code !== 200 && body.code !== 0)) {
      failed(name, startedAt, `HTTP ${res.status} ${JSON.stringify(body).slice(0, 160)}`, res.callId);
      if ((errors.get(name) ?? 0) <= 3) {
        process.stderr.write(`${name}: HTTP ${res.status} ${JSON.stringify(body).slice(0, 160)}\n`);
      }
    }
    return body;
  } catch (err) {
    failed(name, startedAt, String(err));
    process.stderr.write(`${name}: ${err}\n`);
    return null;
  } finally {
    const list = latencies.get(name) ?? [];
    list.push(performance.now() - start);
    latencies.set(name, list);
  }
}

async function member(index, until) {
  // Each member signs in from an address of its own (the server trusts one proxy hop here), as real
  // members do; from one address the sign-in rate limit would refuse them, rightly.
  const address = `10.${(index >> 16) & 255}.${(index >> 8) & 255}.${index & 255}`;
  const fetch = sender(index);
  // A member whose sign-in failed (its server died under it) signs in again, as a person would; each
  // failure still counts.
  let token;
  for (let attempt = 0; !token && attempt < LOGIN_ATTEMPTS && !stopped; attempt += 1) {
    if (attempt > 0) {
      await think();
    }
    const login = await timed('login', () =>
      fetch(`${base}/api/member.Login/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': address },
        body: JSON.stringify({ account: `load_${index}`, password }),
      }),
    );
    token = login?.data?.ApiToken;
  }
  if (!token) {
    return;
  }
  const headers = { memberToken: token };
  const get = (name, url) => timed(name, () => fetch(`${base}${url}`, { headers }));
  const post = (name, url, json) =>
    timed(name, () =>
      fetch(`${base}${url}`, {
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/json' },
        body: JSON.stringify(json ?? {}),
      }),
    );
  const secret = (await get('webhook secret', '/api/customer.Webhook/secret'))?.data;
  let accountId = 0;
  const added = await post('account add', '/api/member.EnterpriseAccount/add', {
    nickname: `负载${index}-${Date.now().toString(36)}`,
    platform_id: 1,
  });
  accountId = added?.data?.enterprise_account_id ?? 0;
  const sheet = await xlsxFile([
    ['昵称', '备注', '平台', '分组', '代理IP'],
    [`导入${index}a`, '', '抖音', '负载组', ''],
    [`导入${index}b`, '', '快手', '', ''],
  ]);
  let step = 0;
  while (Date.now() < until && !stopped) {
    step += 1;
    const action = step % 10;
    if (action < 5) {
      await get('member info', '/api/member.Member/info');
      await post('material list', '/api/file.File/list?page=1&limit=16');
      await get('account list', '/api/member.EnterpriseAccount/list?page=1&limit=10');
    } else if (action < 7) {
      const form = new FormData();
      form.append('type', 'upl');
      form.append('file_type', 'image');
      form.append('file', new Blob([PNG], { type: 'image/png' }), `负载${index}-${step}.png`);
      const up = await timed('upload', () =>
        fetch(`${base}/api/file.File/add`, { method: 'POST', headers, body: form }),
      );
      const id = up?.data?.file_id;
      if (id) {
        await post('material delete', '/api/file.File/dele', { ids: String(id) });
      }
    } else if (action < 8) {
      const form = new FormData();
      form.append('file', new Blob([sheet]), '账号.xlsx');
      await timed('import', () =>
        fetch(`${base}/api/member.EnterpriseAccount/import`, { method: 'POST', headers, body: form }),
      );
    } else if (secret && accountId) {
      const body = JSON.stringify({
        enterprise_account_id: accountId,
        customer_id: `c${index}-${step % 5}`,
        customer_name: '客户',
        content: `你好 ${step}`,
      });
      const ts = String(Math.floor(Date.now() / 1000));
      const sig = `sha256=${createHmac('sha256', secret.secret).update(`${ts}.`).update(body).digest('hex')}`;
      await timed('webhook message', () =>
        fetch(`${base}/api/customer.Webhook/message`, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            'X-Member-Id': String(secret.member_id),
            'X-Signature-Timestamp': ts,
            'X-Signature': sig,
          },
          body,
        }),
      );
      await post('chat list', '/api/customer.DouyinCustomer/privateList');
    }
    await think();
  }
}

const until = Date.now() + seconds * 1000;
let stopped = false;
process.on('message', (message) => {
  if (message === 'stop') {
    stopped = true;
  }
});
// Members arrive over the first second, not in one burst of sign-ins.
await Promise.all(
  Array.from({ length: members }, (_, i) =>
    new Promise((r) => setTimeout(r, (i * 1000) / members)).then(() => member(i, until)),
  ),
);
const p = (xs, q) => {
  const sorted = [...xs].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
};
const report = {
  calls: Object.fromEntries(
    [...latencies].map(([name, xs]) => [name, { n: xs.length, p50: p(xs, 0.5), p95: p(xs, 0.95) }]),
  ),
  errors: Object.fromEntries(errors),
  failures,
};
// Sent, then the channel closed: it is what keeps this process alive once the members are done.
process.send?.(report, () => process.disconnect());
