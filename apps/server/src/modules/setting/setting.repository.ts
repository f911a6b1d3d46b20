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

  /** True when this platform already has a release with this code. */
  async versionExists(platform: string, versionCode: number): Promise<boolean> {
    const row = await this.db
      .selectFrom('client_version')
      .select('id')
      .where('platform', '=', platform)
      .where('version_code', '=', versionCode)
      .executeTakeFirst();
    return row !== undefined;
  }

  async insertVersion(row: {
    platform: string;
    version_code: number;
    version_name: string;
    version_info: string;
    download_url: string;
    created_at: number;
  }): Promise<void> {
    await this.db.insertInto('client_version').values(row).execute();
  }
}
