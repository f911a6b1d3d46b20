import type { LevelInfo } from '@vidmatrix/contract/api/member';
import type { AppDeps } from '../../deps.ts';
import { MemberService } from '../member/member.service.ts';

/** The console dashboard's data. */
export class ConsoleService {
  private readonly members: MemberService;

  constructor(deps: AppDeps) {
    this.members = new MemberService(deps);
  }

  /** Level info of the member (what the level grants, what is used). */
  shopLevelSetting(memberId: number): Promise<LevelInfo> {
    return this.members.levelInfo(memberId);
  }
}
