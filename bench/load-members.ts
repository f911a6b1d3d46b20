// Makes the load benchmark's members (load_0 … load_<n-1>) in the database the server uses
// (DATA_DIR / DATABASE_URL, like the admin CLI), on the top level so quotas do not refuse the load.
import { loadConfig } from '../apps/server/src/config.ts';
import { connectDatabase } from '../apps/server/src/db/connect.ts';
import { appDeps } from '../apps/server/src/deps.ts';
import { MEMBER_ROLE } from '../apps/server/src/modules/member/member-defaults.ts';
import { MemberService } from '../apps/server/src/modules/member/member.service.ts';

const count = Number(process.argv[2] ?? 20);
const password = process.argv[3] ?? 'load-pass-123';
const db = connectDatabase(loadConfig());
const members = new MemberService(appDeps(db, Date.now));
try {
  for (let i = 0; i < count; i += 1) {
    if (!(await members.findByAccount(`load_${i}`))) {
      await members.create({ account: `load_${i}`, password, levelId: 3, expireTime: null, roleIds: [MEMBER_ROLE.id] });
    }
  }
} finally {
  await db.destroy();
}
