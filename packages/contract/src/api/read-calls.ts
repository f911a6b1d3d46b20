// Zod-free, like the *-reads and *-paths files it reads: the request layer (in every page's first JS) imports it.
import { AgentReads } from './agent-reads.ts';
import { AiStaffReads } from './ai-staff-reads.ts';
import { ClipTaskReads } from './clip-task-reads.ts';
import { ClipTemplateReads } from './clip-template-reads.ts';
import { ClipVoiceReads } from './clip-voice-reads.ts';
import { ContentReads } from './content-paths.ts';
import { CustomerReads } from './customer-reads.ts';
import { DataScreenReads } from './data-screen-reads.ts';
import { AccountReads } from './enterprise-account-reads.ts';
import { FileSettingReads } from './file-setting-reads.ts';
import { HarvestWorkReads } from './harvest-work-reads.ts';
import { MaterialReads } from './material-reads.ts';
import { MemberReads } from './member-reads.ts';
import { MusicReads } from './music-reads.ts';
import { PublishReads } from './publish-reads.ts';
import { ReplyRuleReads } from './reply-rule-reads.ts';
import { RunnerTokenReads } from './runner-auth-reads.ts';
import { SettingReads } from './setting-paths.ts';
import { UserCenterReads } from './user-center-reads.ts';

/**
 * The console's calls that only read (issue 27). The spec's calls are POSTs, so the method cannot say
 * which calls a client may send again after a proxy's 502/503/504 or a dropped connection: this list
 * does, for every client. Each API marks its reads where it defines its paths (an `XReads` object its
 * `XApi` spreads); a call left out changes state (or may: a captcha, a lazily made secret, a runner
 * authorization's poll that expires it) and is sent exactly once. The server's test calls each one and
 * checks that no row changed.
 */
export const READ_ONLY_CALLS: ReadonlySet<string> = new Set<string>(
  [
    MemberReads,
    UserCenterReads,
    SettingReads,
    ContentReads,
    AgentReads,
    AccountReads,
    MaterialReads,
    FileSettingReads,
    MusicReads,
    ClipTaskReads,
    ClipVoiceReads,
    ClipTemplateReads,
    PublishReads,
    RunnerTokenReads,
    CustomerReads,
    ReplyRuleReads,
    HarvestWorkReads,
    AiStaffReads,
    DataScreenReads,
  ].flatMap((reads) => Object.values(reads)),
);

/** True when `path` (query string ignored) only reads, so sending it again cannot change anything. */
export function isReadOnlyCall(path: string): boolean {
  const end = path.indexOf('?');
  return READ_ONLY_CALLS.has(end === -1 ? path : path.slice(0, end));
}
