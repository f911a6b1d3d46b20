import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { insertMember7, migrateTo, migrationStage, T0 } from './test-support.ts';

const BEFORE = '202611280600_harvest_publish_fence';
const THIS = '202611290000_auth_sms_code';
const stage = migrationStage('smsmig', BEFORE);

describe('202611290000_auth_sms_code on a database with authorization requests', () => {
  it('gives a request in flight an empty code, lets it ask for and take one, and can be undone', async () => {
    const { db, migrator } = stage();
    const t = T0;
    await insertMember7(db);
    // A QR shown when the server was upgraded, and a request that had ended: rows shaped as before.
    await sql`insert into account_auth_request
      (id, member_id, enterprise_account_id, platform, kind, state, qr_image, expires_at, created_at, updated_at)
      values (1, 7, 3, 'douyin', 'login', 'qr', 'data:image/png;base64,AA', ${t + 600_000}, ${t}, ${t}),
             (2, 7, 4, 'douyin', 'check', 'done', '', ${t}, ${t}, ${t})`.execute(db);

    await migrateTo(migrator, THIS);
    const rows = () =>
      db.selectFrom('account_auth_request').select(['id', 'state', 'sms_code']).orderBy('id').execute();
    expect(await rows()).toEqual([
      { id: 1, state: 'qr', sms_code: '' },
      { id: 2, state: 'done', sms_code: '' },
    ]);

    // The request in flight goes on as a new one would: the platform asks, the member's code is held,
    // and the runner takes it only while it is still the code it read (the service's guarded move).
    await db.updateTable('account_auth_request').set({ state: 'sms', qr_image: '' }).where('id', '=', 1).execute();
    await db.updateTable('account_auth_request').set({ sms_code: '246810' }).where('id', '=', 1).execute();
    const take = (code: string) =>
      db
        .updateTable('account_auth_request')
        .set({ state: 'running', sms_code: '' })
        .where('id', '=', 1)
        .where('state', 'in', ['sms'])
        .where('sms_code', '=', code)
        .returning(['id'])
        .executeTakeFirst();
    expect(await take('135790')).toBeUndefined();
    expect(await take('246810')).toEqual({ id: 1 });
    expect((await rows())[0]).toEqual({ id: 1, state: 'running', sms_code: '' });

    await migrateTo(migrator, BEFORE);
    await expect(rows()).rejects.toThrow(/sms_code/);
    await migrateTo(migrator, THIS);
    expect(await rows()).toHaveLength(2);
  });
});
