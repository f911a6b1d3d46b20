import { DATA_SCREEN_DAYS, type DataScreenOverview } from '@vidmatrix/contract/api/data-screen';
import { dayLabel, dayStart, lastDays, seriesOf } from '@vidmatrix/contract/rules/day-buckets';
import { formatServerTime } from '@vidmatrix/contract/rules/time';
import type { AppDeps } from '../../deps.ts';
import type { DataScreenRepository } from './data-screen.repository.ts';

/** Final states that count as a post made, and as a post not made. */
const SUCCEEDED = ['published', 'platform_scheduled'] as const;
const FAILED = ['failed', 'rejected'] as const;

/** What the data screen reads: counts over several modules' tables. */
type DataScreenStore = Pick<
  DataScreenRepository,
  'accountsByPlatform' | 'leadsPerDay' | 'materialsByType' | 'messagesPerDay' | 'publishesPerDay' | 'space'
>;

/** The large data screen's figures of one member. */
export class DataScreenService {
  private readonly repo: DataScreenStore;

  constructor(private readonly deps: Pick<AppDeps, 'now'> & { dataScreenRepository: DataScreenStore }) {
    this.repo = deps.dataScreenRepository;
  }

  /** Accounts, materials and the daily series of the last DATA_SCREEN_DAYS days. */
  async overview(memberId: number): Promise<DataScreenOverview> {
    const now = this.deps.now();
    const days = lastDays(now, DATA_SCREEN_DAYS);
    const since = dayStart(days[0] ?? 0);
    const [accountRows, materialRows, space, leads, messagesIn, messagesOut, published, failed] = await Promise.all([
      this.repo.accountsByPlatform(memberId),
      this.repo.materialsByType(memberId),
      this.repo.space(memberId),
      this.repo.leadsPerDay(memberId, since),
      this.repo.messagesPerDay(memberId, since, 'in'),
      this.repo.messagesPerDay(memberId, since, 'out'),
      this.repo.publishesPerDay(memberId, since, SUCCEEDED),
      this.repo.publishesPerDay(memberId, since, FAILED),
    ]);

    const platforms = new Map<number, DataScreenOverview['accounts'][number]>();
    for (const row of accountRows) {
      const entry = platforms.get(row.platform_id) ?? {
        platform_id: row.platform_id,
        platform_name: row.platform_name,
        total: 0,
        authorized: 0,
        expired: 0,
        unauthorized: 0,
      };
      const n = Number(row.n);
      entry.total += n;
      if (row.status === 1) {
        entry.authorized += n;
      } else if (row.status === 2) {
        entry.expired += n;
      } else {
        entry.unauthorized += n;
      }
      platforms.set(row.platform_id, entry);
    }

    const byType = new Map(materialRows.map((row) => [row.file_type, Number(row.n)]));
    const publishedSeries = seriesOf(days, published);
    const failedSeries = seriesOf(days, failed);
    const done = sum(publishedSeries) + sum(failedSeries);
    return {
      accounts: [...platforms.values()],
      materials: {
        video: byType.get('video') ?? 0,
        image: byType.get('image') ?? 0,
        audio: byType.get('audio') ?? 0,
        space_used: Number(space?.used ?? 0),
        space_limit: Number(space?.limit ?? 0),
      },
      days: days.map(dayLabel),
      leads: seriesOf(days, leads),
      messages_in: seriesOf(days, messagesIn),
      messages_out: seriesOf(days, messagesOut),
      published: publishedSeries,
      failed: failedSeries,
      success_rate: done > 0 ? sum(publishedSeries) / done : null,
      updated_at: formatServerTime(now),
    };
  }
}

function sum(values: readonly number[]): number {
  return values.reduce((a, b) => a + b, 0);
}
