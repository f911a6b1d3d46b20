import type { PlatformList, platformListQuery } from '@vidmatrix/contract/api/enterprise-account';
import type { z } from 'zod';
import type { PlatformRepository } from './platform.repository.ts';

/** The publishing platforms accounts belong to. */
export class PlatformService {
  private readonly repo: Pick<PlatformRepository, 'list'>;

  constructor(deps: { platformRepository: Pick<PlatformRepository, 'list'> }) {
    this.repo = deps.platformRepository;
  }

  /** Platforms filtered by name (`remarks`); limit 0 means all. */
  async list(query: z.output<typeof platformListQuery>): Promise<PlatformList> {
    const rows = await this.repo.list(query.remarks);
    const all = rows.map((row) => ({ platform_id: row.id, platform_name: row.name, platform_logo_url: row.logo_url }));
    const list = query.limit > 0 ? all.slice((query.page - 1) * query.limit, query.page * query.limit) : all;
    return { list, count: all.length };
  }

  /** Every platform as id and name (the import matches platform names against it). */
  all(): Promise<{ id: number; name: string }[]> {
    return this.repo.list('');
  }
}
