import { STORAGE_NEAR_FULL_RATIO, TODO_ITEMS_MAX, type Todo, type TodoList } from '@vidmatrix/contract/api/ai-staff';
import { fillMsg, Msg } from '@vidmatrix/contract/messages';
import { PLATFORMS } from '@vidmatrix/contract/platforms';
import { formatBytes } from '@vidmatrix/contract/rules/format';
import { PUBLISH_PLATFORM_NAMES, PUBLISH_PLATFORMS, PUBLISH_RULES } from '@vidmatrix/contract/rules/publish-rules';
import { formatServerTime } from '@vidmatrix/contract/rules/time';
import type { AppDeps } from '../../deps.ts';
import type { AiTodoRepository } from './ai-todo.repository.ts';

/** Longest customer message quoted under a waiting lead. */
const QUOTE_MAX = 40;

/**
 * The AI运营员工's to-do list of one member, built from the state of its rows each time it is asked:
 * a to-do shows while its state exists and is gone once the member resolved it.
 */
export class AiTodoService {
  constructor(
    private readonly deps: Pick<AppDeps, 'now'>,
    private readonly repo: AiTodoRepository,
  ) {}

  /** Every kind of work waiting, in TODO_KINDS order; kinds with nothing waiting are left out. */
  async todos(memberId: number): Promise<TodoList> {
    const list = await Promise.all([
      this.reauthorize(memberId),
      this.publishFailed(memberId),
      this.clipFailed(memberId),
      this.drift(memberId),
      this.leadWaiting(memberId),
      this.storage(memberId),
    ]);
    return { list: list.filter((t): t is Todo => t !== null), updated_at: formatServerTime(this.deps.now()) };
  }

  private async reauthorize(memberId: number): Promise<Todo | null> {
    const { count, rows } = await this.repo.reauthorize(memberId);
    return todoOf('reauthorize', Msg.todoReauthorize, count, () =>
      rows.map((row) => ({
        id: row.id,
        label: `${platformName(row.platform_id)} · ${row.nickname}`,
        detail: row.cookie_auth_status === 2 ? Msg.todoItemExpired : Msg.todoItemUnauthorized,
      })),
    );
  }

  private async publishFailed(memberId: number): Promise<Todo | null> {
    const rows = await this.repo.publishFailedByBatch(memberId);
    const count = rows.reduce((sum, row) => sum + Number(row.n), 0);
    return todoOf('publish_failed', Msg.todoPublishFailed, count, () =>
      rows.map((row) => ({
        id: row.id,
        label: row.title,
        detail: fillMsg(Msg.todoItemPublishFailed, { n: Number(row.n) }),
      })),
    );
  }

  private async clipFailed(memberId: number): Promise<Todo | null> {
    const rows = await this.repo.clipFailed(memberId);
    return todoOf('clip_failed', Msg.todoClipFailed, rows.length, () =>
      rows.map((row) => ({ id: row.id, label: row.name, detail: fillMsg(Msg.todoItemClipFailed, { n: row.failed }) })),
    );
  }

  private async drift(memberId: number): Promise<Todo | null> {
    const platformIds = await this.repo.accountPlatforms(memberId);
    const served = new Set(
      PUBLISH_PLATFORMS.filter((p) => PUBLISH_RULES[p].platformIds.some((id) => platformIds.includes(id))),
    );
    const missing = new Map<string, Set<string>>();
    for (const row of await this.repo.driftChanged(memberId, platformIds)) {
      const platform = PUBLISH_PLATFORMS.find((p) => p === row.platform);
      if (!platform || !served.has(platform)) {
        continue;
      }
      const names = missing.get(platform) ?? new Set<string>();
      for (const name of JSON.parse(row.missing) as string[]) {
        names.add(name);
      }
      missing.set(platform, names);
    }
    const platforms = PUBLISH_PLATFORMS.filter((p) => missing.has(p));
    return todoOf('drift', Msg.todoDrift, platforms.length, () =>
      platforms.map((p) => ({
        id: 0,
        label: PUBLISH_PLATFORM_NAMES[p],
        detail: fillMsg(Msg.todoItemDriftMissing, { missing: [...(missing.get(p) ?? [])].join('、') }),
      })),
    );
  }

  private async leadWaiting(memberId: number): Promise<Todo | null> {
    const { count, rows } = await this.repo.leadWaiting(memberId);
    return todoOf('lead_waiting', Msg.todoLeadWaiting, count, () =>
      rows.map((row) => ({
        id: row.conversation_id,
        label: row.customer_name || row.value,
        detail: fillMsg(Msg.todoItemLeadWaiting, { content: quote(row.last_in_content) }),
      })),
    );
  }

  private async storage(memberId: number): Promise<Todo | null> {
    const space = await this.repo.space(memberId);
    const used = Number(space?.used ?? 0);
    const limit = Number(space?.limit ?? 0);
    if (limit <= 0 || used < limit * STORAGE_NEAR_FULL_RATIO) {
      return null;
    }
    const percent = Math.min(100, Math.floor((used / limit) * 100));
    return {
      kind: 'storage_full',
      text: fillMsg(Msg.todoStorageFull, { percent, used: formatBytes(used), limit: formatBytes(limit) }),
      count: 1,
      items: [],
    };
  }
}

/** A to-do of `count` things (none: no to-do), its text filled with the count, its first items listed. */
function todoOf(kind: Todo['kind'], text: string, count: number, items: () => Todo['items']): Todo | null {
  if (count <= 0) {
    return null;
  }
  return { kind, text: fillMsg(text, { n: count }), count, items: items().slice(0, TODO_ITEMS_MAX) };
}

function platformName(platformId: number): string {
  return PLATFORMS.find((p) => p.id === platformId)?.name ?? '';
}

/** The first QUOTE_MAX characters of a message, on one line. */
function quote(content: string): string {
  const chars = [...content.replace(/\s+/g, ' ').trim()];
  return chars.length > QUOTE_MAX ? `${chars.slice(0, QUOTE_MAX).join('')}…` : chars.join('');
}
