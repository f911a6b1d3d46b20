import type { Db } from './db/types.ts';
import { AgentRepository } from './modules/agent/agent.repository.ts';
import { AiReportRepository } from './modules/ai-staff/ai-report.repository.ts';
import { AiTodoRepository } from './modules/ai-staff/ai-todo.repository.ts';
import { AiPublishRepository } from './modules/ai-staff/ai-publish.repository.ts';
import { AuthRepository } from './modules/auth/auth.repository.ts';
import { ClipTaskRepository } from './modules/clip-task/clip-task.repository.ts';
import { ClipTemplateRepository } from './modules/clip-template/clip-template.repository.ts';
import { ContentRepository } from './modules/content/content.repository.ts';
import { CustomerRepository } from './modules/customer/customer.repository.ts';
import { HarvestWorkRepository } from './modules/customer/harvest-work.repository.ts';
import { InboxRepository } from './modules/customer/inbox.repository.ts';
import { ReplyRuleRepository } from './modules/customer/reply-rule.repository.ts';
import { DataScreenRepository } from './modules/data-screen/data-screen.repository.ts';
import { AccountGroupRepository } from './modules/enterprise-account/account-group.repository.ts';
import { EnterpriseAccountRepository } from './modules/enterprise-account/enterprise-account.repository.ts';
import { HealthRepository } from './modules/health/health.repository.ts';
import { MaterialLabelRepository } from './modules/material/material-label.repository.ts';
import { MaterialRepository } from './modules/material/material.repository.ts';
import { MemberRepository } from './modules/member/member.repository.ts';
import { MusicRepository } from './modules/music/music.repository.ts';
import { PlatformRepository } from './modules/platform/platform.repository.ts';
import { ConnectorRepository } from './modules/publish/connector.repository.ts';
import { PublishLookupRepository } from './modules/publish/publish-lookup.repository.ts';
import { PublishQueueRepository } from './modules/publish/publish-queue.repository.ts';
import { PublishRepository } from './modules/publish/publish.repository.ts';
import { ReviewFollowRepository } from './modules/publish/review-follow.repository.ts';
import { RunnerAuthRepository } from './modules/publish/runner-auth.repository.ts';
import { RunnerRepository } from './modules/publish/runner.repository.ts';
import { ServerRunnerRepository } from './modules/publish/server-runner.repository.ts';
import { SettingRepository } from './modules/setting/setting.repository.ts';
import { UploadRepository } from './modules/upload/upload.repository.ts';

/**
 * Every module's repository, built once over `db` (compose.ts, or the CLI, seed and tests through
 * `appDeps`). Repositories are stateless SQL: services receive the narrow `Pick<>` of the ones they use
 * and never build one.
 */
export function createRepositories(db: Db) {
  return {
    agentRepository: new AgentRepository(db),
    aiReportRepository: new AiReportRepository(db),
    aiTodoRepository: new AiTodoRepository(db),
    aiPublishRepository: new AiPublishRepository(db),
    authRepository: new AuthRepository(db),
    clipTaskRepository: new ClipTaskRepository(db),
    clipTemplateRepository: new ClipTemplateRepository(db),
    connectorRepository: new ConnectorRepository(db),
    contentRepository: new ContentRepository(db),
    customerRepository: new CustomerRepository(db),
    dataScreenRepository: new DataScreenRepository(db),
    enterpriseAccountRepository: new EnterpriseAccountRepository(db),
    accountGroupRepository: new AccountGroupRepository(db),
    harvestWorkRepository: new HarvestWorkRepository(db),
    healthRepository: new HealthRepository(db),
    inboxRepository: new InboxRepository(db),
    materialRepository: new MaterialRepository(db),
    materialLabelRepository: new MaterialLabelRepository(db),
    memberRepository: new MemberRepository(db),
    musicRepository: new MusicRepository(db),
    platformRepository: new PlatformRepository(db),
    publishLookupRepository: new PublishLookupRepository(db),
    publishQueueRepository: new PublishQueueRepository(db),
    publishRepository: new PublishRepository(db),
    reviewFollowRepository: new ReviewFollowRepository(db),
    replyRuleRepository: new ReplyRuleRepository(db),
    runnerAuthRepository: new RunnerAuthRepository(db),
    runnerRepository: new RunnerRepository(db),
    serverRunnerRepository: new ServerRunnerRepository(db),
    settingRepository: new SettingRepository(db),
    uploadRepository: new UploadRepository(db),
  };
}

/** The repositories of one database handle. */
export type Repositories = ReturnType<typeof createRepositories>;

/**
 * Runs `work` in one database transaction with every repository bound to it. The wiring binds them, so a
 * repository never builds another (or a copy of itself) and one transaction may span several modules.
 */
export type Transaction = <T>(work: (repos: Repositories) => Promise<T>) => Promise<T>;

/** The transaction port over `db`. */
export function transactionOf(db: Db): Transaction {
  return (work) => db.transaction().execute((trx) => work(createRepositories(trx)));
}
