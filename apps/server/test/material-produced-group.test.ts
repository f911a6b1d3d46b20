import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MaterialService } from '../src/modules/material/material.service.ts';
import type { MaterialLabelRepository } from '../src/modules/material/material-label.repository.ts';
import { createTestApp, type TestContext } from './helpers.ts';
import { DomainEventBus } from '../src/lib/events.ts';

// Clip outputs filed at once into a group that does not exist yet land in one group (no twin, no refusal).

let ctx: TestContext;
const DEMO_MEMBER = 1;

beforeAll(async () => {
  ctx = await createTestApp();
}, 60_000);

afterAll(async () => {
  await ctx.close();
});

/**
 * The label repository with its first `count` calls held until all of them have been made: each filing's
 * group lookup (or insert-or-get) waits for the others', so every filing sees the group missing at once.
 */
function heldLabels(labels: MaterialLabelRepository, count: number): MaterialLabelRepository {
  let waiting = 0;
  let release: () => void = () => undefined;
  const allArrived = new Promise<void>((resolve) => {
    release = resolve;
  });
  return new Proxy(labels, {
    get(target, key, receiver) {
      const value: unknown = Reflect.get(target, key, receiver);
      if (typeof value !== 'function') {
        return value;
      }
      return async (...args: unknown[]) => {
        if (waiting < count) {
          waiting += 1;
          if (waiting === count) {
            release();
          }
          await allArrived;
        }
        return (value as (...a: unknown[]) => unknown).apply(target, args);
      };
    },
  });
}

describe('clip outputs filed into a new group', () => {
  it('make one group whatever the interleaving, and every output is filed in it', async () => {
    const filings = 3;
    const materials = new MaterialService({
      materialRepository: ctx.deps.materialRepository,
      materialLabelRepository: heldLabels(ctx.deps.materialLabelRepository, filings),
      uploadRepository: ctx.deps.uploadRepository,
      settingRepository: ctx.deps.settingRepository,
      now: ctx.deps.now,
      storage: ctx.app.storage,
      // Media processing of the filed outputs is not what is tested here.
      jobs: { enqueue: () => Promise.resolve() },
      events: new DomainEventBus(() => undefined),
    });
    const ids = await Promise.all(
      Array.from({ length: filings }, (_, index) =>
        materials.addProduced(DEMO_MEMBER, {
          objectKey: `media/produced-race-${index}.mp4`,
          size: 10,
          fileName: `成片${index}.mp4`,
          groupName: '混剪成片',
          remark: '',
        }),
      ),
    );
    expect(ids.every((id) => typeof id === 'number')).toBe(true);
    const groups = await ctx.db
      .selectFrom('material_group')
      .select('id')
      .where('member_id', '=', DEMO_MEMBER)
      .where('group_name', '=', '混剪成片')
      .execute();
    expect(groups).toHaveLength(1);
    const filed = await ctx.db
      .selectFrom('material')
      .select('group_id')
      .where('id', 'in', ids as number[])
      .execute();
    expect(filed.map((row) => row.group_id)).toEqual(Array(filings).fill(groups[0]?.id));
  });
});
