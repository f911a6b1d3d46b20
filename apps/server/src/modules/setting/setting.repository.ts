import type { Db } from '../../db/types.ts';

/** SQL of site settings, app config and client versions. */
export class SettingRepository {
  constructor(private readonly db: Db) {}

  /** Site settings by name. */
  async siteSettings(): Promise<Map<string, string>> {
    const rows = await this.db.selectFrom('site_setting').select(['name', 'value']).execute();
    return new Map(rows.map((row) => [row.name, row.value]));
  }

  async upsertSiteSetting(name: string, value: string): Promise<void> {
    await this.db
      .insertInto('site_setting')
      .values({ name, value })
      .onConflict((oc) => oc.column('name').doUpdateSet({ value }))
      .execute();
  }

  configByCate(cateId: number) {
    return this.db
      .selectFrom('config')
      .select(['label', 'value'])
      .where('cate_id', '=', cateId)
      .orderBy('sort')
      .orderBy('label')
      .execute();
  }

  /** The highest version of a client platform; undefined when none is published. */
  latestVersion(platform: string) {
    return this.db
      .selectFrom('client_version')
      .select(['version_code', 'version_name', 'version_info', 'download_url'])
      .where('platform', '=', platform)
      .orderBy('version_code', 'desc')
      .limit(1)
      .executeTakeFirst();
  }
}
