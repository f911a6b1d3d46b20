import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { ConnectorsResult, DriftAccount } from '@vidmatrix/contract/api/connectors';
import type { RunnerListResult } from '@vidmatrix/contract/api/publish';
import { DRIFT_CHECK_MS } from '@vidmatrix/contract/constants';
import { PUBLISH_PLATFORMS } from '@vidmatrix/contract/rules/publish-rules';
import { CONNECTORS } from '@vidmatrix/publisher/connectors/registry';
import { tempDir } from '@vidmatrix/publisher/test-support';
import { describe, expect, it } from 'vitest';
import { importConnectorFile } from '../src/modules/publish/connector-io.ts';
import { DefinitionsRefused } from '../src/modules/publish/connector.service.ts';
import { addMember } from './helpers.ts';
import {
  addAccounts,
  createRunner,
  memberCall,
  publishStageHooks,
  runnerCall,
  untilWithin,
} from './publish-helpers.ts';

// Issue 22: connector definitions without a release (`connectors import`, checked with zod; runners
// fetch the current version named in their claim answers) and the drift check's way through the
// server: the hourly sweep and each import ask online runners for a check, the findings are kept per
// runner and platform, and the 发布器 tab lists them.

const KUAISHOU = 2;
const DOUYIN = 1;
const stage = publishStageHooks();
const until = untilWithin(60_000);

/** A definitions file: Kuaishou's built-in definition with changes, as an operator edits an export. */
function kuaishouFile(version: string, change: (def: Record<string, Record<string, unknown>>) => void = () => {}) {
  const def = JSON.parse(JSON.stringify(CONNECTORS.kuaishou)) as Record<string, Record<string, unknown>>;
  def.version = version as never;
  change(def);
  return JSON.stringify({ kuaishou: def });
}

/** Writes the file and imports it as `connectors import <file>` does; the printed line. */
async function importFile(name: string, text: string): Promise<string> {
  const path = join(await tempDir('connectors'), name);
  await writeFile(path, text);
  return importConnectorFile(path, stage.ctx.app.services.connectors);
}

/** What `connectors import` says is wrong with the file. */
async function refusal(text: string): Promise<string[]> {
  const error = await importFile('file.json', text).then(
    () => undefined,
    (err: unknown) => err,
  );
  expect(error).toBeInstanceOf(DefinitionsRefused);
  return (error as DefinitionsRefused).issues;
}

/** `count` published jobs of the demo member's account (as a runner's verified posts leave them). */
async function addPublished(accountId: number, count: number): Promise<void> {
  const { db, clock } = stage.ctx;
  const now = clock.now;
  const batch = await db
    .insertInto('publish_batch')
    .values({
      member_id: stage.memberId,
      title: '已发布',
      material_ids: '[]',
      account_ids: JSON.stringify([accountId]),
      copy: '{}',
      schedule_policy: '{}',
      created_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  for (let i = 0; i < count; i += 1) {
    await db
      .insertInto('publish_job')
      .values({
        batch_id: batch.id,
        member_id: stage.memberId,
        material_id: 0,
        enterprise_account_id: accountId,
        platform: 'kuaishou',
        content: '{}',
        run_at: now,
        state: 'published',
        idempotency_key: `drift-posted-${accountId}-${i}`,
        work_id: `w${i}`,
        created_at: now,
        updated_at: now,
      })
      .execute();
  }
}

async function runnerList(): Promise<RunnerListResult> {
  const res = await memberCall<RunnerListResult>(stage.ctx.app, stage.token, '/api/runner.Runner/list');
  expect(res.code).toBe(200);
  return res.data;
}

describe('connector definitions and the drift check', () => {
  it('connectors import refuses a bad file naming the field, and stores a good one as the next version', async () => {
    const { connectors } = stage.ctx.app.services;
    expect(await refusal('{"kuaishou": ')).toEqual([expect.stringMatching(/^\(file\): not JSON/)]);
    expect(
      await refusal(
        kuaishouFile('kuaishou@2026.12.1', (def) => {
          delete def.selectors!.fileInput;
          def.drift!.upload = ['uploadButton'];
        }),
      ),
    ).toEqual(['kuaishou.selectors.fileInput: Invalid input: expected string, received undefined']);
    expect(await refusal(kuaishouFile('kuaishou@2026.12.1', (def) => (def.drift!.upload = ['uploadButton'])))).toEqual([
      'kuaishou.drift.upload.0: no element "uploadButton" in this definition',
    ]);
    expect(await connectors.current()).toMatchObject({ version: 0, definitions: null });

    expect(await importFile('kuaishou.json', kuaishouFile('kuaishou@2026.12.1'))).toBe(
      'Imported connector definitions version 1 (kuaishou); runners take them at their next claim.',
    );
    const current = await connectors.current();
    expect(current).toMatchObject({ version: 1, source: 'kuaishou.json' });
    expect(current.definitions?.kuaishou?.version).toBe('kuaishou@2026.12.1');
  });

  it('runners learn the version and a due check from their claims, read the plan and report; the console lists it', async () => {
    const { app } = stage.ctx;
    const runner = await createRunner(app, stage.token, 'drift-api');
    const claim = async () => {
      const res = await runnerCall<{ jobs: unknown[]; connectors_version: number; drift_check: boolean }>(
        app,
        runner.token,
        'claim',
        { connectors_version: 0 },
      );
      expect(res.code).toBe(200);
      return res.data;
    };
    const current = await app.services.connectors.current();
    expect(await claim()).toEqual({ jobs: [], connectors_version: current.version, drift_check: false });
    const fetched = await runnerCall<ConnectorsResult>(app, runner.token, 'connectors');
    expect(fetched.data.definitions?.kuaishou?.version).toBe('kuaishou@2026.12.1');

    // The hourly sweep asks a runner never checked; the plan offers the member's signed-in accounts.
    expect(await app.services.connectors.sweepDrift()).toBeGreaterThan(0);
    expect((await claim()).drift_check).toBe(true);
    const [kuaishou, posted] = (await addAccounts(stage.ctx.db, stage.memberId, [KUAISHOU, KUAISHOU])) as [
      number,
      number,
    ];
    const [douyin] = await addAccounts(stage.ctx.db, stage.memberId, [DOUYIN], 2); // logged out: never offered
    const [foreign] = await addAccounts(stage.ctx.db, await addMember(stage.ctx, 'drift-other'), [KUAISHOU]);
    await addPublished(posted, 2);
    const plan = await runnerCall<{ accounts: DriftAccount[] }>(app, runner.token, 'driftPlan', {
      accounts: [kuaishou, posted, douyin, foreign, 999_999],
    });
    // The account with posts first, and how many: its empty works list would mean a changed page.
    expect(plan.data.accounts).toEqual([
      { platform: 'kuaishou', enterprise_account_id: posted, ip_code: '', posts: 2 },
      { platform: 'kuaishou', enterprise_account_id: kuaishou, ip_code: '', posts: 0 },
    ]);

    // Words a member would not read are refused; the findings are listed on the 发布器 tab.
    const refused = await runnerCall(app, runner.token, 'drift', {
      findings: [{ platform: 'kuaishou', state: 'changed', missing: ['fileInput'], connector_version: 'x' }],
    });
    expect(refused.code).not.toBe(200);
    const report = await runnerCall(app, runner.token, 'drift', {
      connectors_version: current.version,
      findings: [
        { platform: 'douyin', state: 'ok', missing: [], connector_version: CONNECTORS.douyin.version },
        { platform: 'kuaishou', state: 'changed', missing: ['上传按钮'], connector_version: 'kuaishou@2026.12.1' },
      ],
    });
    expect(report.code).toBe(200);
    expect((await claim()).drift_check).toBe(false);
    const listed = (await runnerList()).list.find((r) => r.runner_id === runner.id);
    expect(listed?.drift).toEqual([
      { platform: 'douyin', state: 'ok', missing: [], checked_at: expect.any(String) as string },
      { platform: 'kuaishou', state: 'changed', missing: ['上传按钮'], checked_at: expect.any(String) as string },
    ]);

    // Checked today: the sweep leaves it; a day later it asks again.
    await app.services.connectors.sweepDrift();
    expect((await claim()).drift_check).toBe(false);
    stage.ctx.clock.advance(DRIFT_CHECK_MS + 1);
    await claim(); // seen again, so online
    await app.services.connectors.sweepDrift();
    expect((await claim()).drift_check).toBe(true);
  });

  it('a running runner takes newly imported definitions and checks the pages with them', async () => {
    const workDir = await tempDir('runner-drift');
    // Only base URLs: the deadlines are the definitions' own, as on a real runner. It holds no account's
    // profile yet (a fresh server runner), so it claims no jobs: its authorization claims carry the
    // version it runs and the check the import asks for.
    await stage.startRunner('drift-runner', {
      workDir,
      accountsHeld: () => Promise.resolve([]),
      publisher: {
        headless: true,
        connectors: Object.fromEntries(PUBLISH_PLATFORMS.map((p) => [p, { baseUrl: `${stage.sandbox.url}/${p}` }])),
      },
    });
    const runnerRow = () =>
      stage.ctx.db
        .selectFrom('runner')
        .select(['id', 'connectors_version'])
        .where('name', '=', 'drift-runner')
        .executeTakeFirstOrThrow();
    const first = (await stage.ctx.app.services.connectors.current()).version;
    await until('the runner runs the current definitions', runnerRow, (r) => r.connectors_version === first);

    // A newer file whose passport QR switch the (sandboxed) site does not have: the check must say so.
    const { version } = await stage.ctx.app.services.connectors.importDefinitions(
      kuaishouFile('kuaishou@2026.12.2', (def) => {
        def.parts!.qrSwitch = 'div.platform-switch-2027';
        def.timeouts!.loginCheck = 2_000;
      }),
      'kuaishou-2.json',
    );
    const { id } = await until('the runner takes the new version', runnerRow, (r) => r.connectors_version === version);
    const listed = await until(
      'the drift check the import asked for is listed',
      async () => (await runnerList()).list.find((r) => r.runner_id === id)?.drift ?? [],
      (drift) => drift.length === PUBLISH_PLATFORMS.length,
    );
    // No account of this runner is signed in: only the login pages could be looked at.
    expect(listed.map((d) => [d.platform, d.state, d.missing])).toEqual([
      ['douyin', 'unchecked', []],
      ['kuaishou', 'changed', ['扫码登录切换']],
      ['xiaohongshu', 'unchecked', []],
      ['channels', 'unchecked', []],
      ['bilibili', 'unchecked', []],
    ]);
    const stored = await stage.ctx.db
      .selectFrom('runner_drift')
      .select(['platform', 'connector_version', 'connectors_version'])
      .where('runner_id', '=', id)
      .where('platform', '=', 'kuaishou')
      .executeTakeFirstOrThrow();
    expect(stored).toEqual({
      platform: 'kuaishou',
      connector_version: 'kuaishou@2026.12.2',
      connectors_version: version,
    });
  });
});
