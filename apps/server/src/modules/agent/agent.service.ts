import {
  AgentApplicationStatus,
  type AgentApplication,
  type AgentCenter,
  type agentApplyBody,
  type agentBrandBody,
  type agentLogoBody,
} from '@vidmatrix/contract/api/agent';
import { Msg } from '@vidmatrix/contract/messages';
import { formatServerTime } from '@vidmatrix/contract/rules/time';
import type { z } from 'zod';
import { isUniqueViolation } from '../../db/errors.ts';
import type { AppDeps } from '../../deps.ts';
import { badRequest, notFound } from '../../errors.ts';
import type { StorageDriver } from '../../storage/storage.ts';
import { storeImageDataUrl } from '../brand/brand-image.ts';
import { memberCacheOf, type MemberCache } from '../member/member-cache.ts';
import { normalizeHost, type HostBrand } from './agent-brand.ts';
import type { AgentRepository } from './agent.repository.ts';

/** An application as the operator CLI lists it. */
export interface ApplicationListing {
  id: number;
  account: string;
  company: string;
  contact: string;
  phone: string;
  region: string;
  status: number;
  createdAt: string;
}

type AgentStore = Pick<
  AgentRepository,
  | 'countMembers'
  | 'findAgent'
  | 'findAgentByDomain'
  | 'insertApplication'
  | 'latestApplication'
  | 'listApplications'
  | 'updateAgent'
  | 'updateLogo'
>;

/** The agent programme: applications, approval, agents' white-label brand and their members. */
export class AgentService {
  private readonly repo: AgentStore;
  private readonly cache: MemberCache;

  /** `storage`: where uploaded logos go; the operator CLI, which only lists and approves, has none. */
  constructor(
    private readonly deps: Pick<AppDeps, 'db' | 'now' | 'transaction'> & {
      agentRepository: AgentStore;
      storage?: Pick<StorageDriver, 'put' | 'publicUrl'>;
    },
  ) {
    this.repo = deps.agentRepository;
    this.cache = memberCacheOf(deps);
  }

  /** What /agentCenter shows the member: their application, their brand and members when an agent. */
  async center(memberId: number): Promise<AgentCenter> {
    const [application, agent] = await Promise.all([
      this.repo.latestApplication(memberId),
      this.repo.findAgent(memberId),
    ]);
    return {
      application: application ? toApplication(application) : null,
      brand: agent
        ? {
            name: agent.name,
            logo_white: agent.logo_white,
            logo_black: agent.logo_black,
            is_wechat_service: agent.is_wechat_service,
            domain: agent.domain ?? '',
          }
        : null,
      member_count: agent ? await this.repo.countMembers(memberId) : 0,
    };
  }

  /** Files an application; refused while one is pending or when the member is an agent already. */
  async apply(memberId: number, body: z.output<typeof agentApplyBody>): Promise<AgentApplication> {
    if (await this.repo.findAgent(memberId)) {
      throw badRequest(Msg.alreadyAgent);
    }
    const latest = await this.repo.latestApplication(memberId);
    if (latest?.status === AgentApplicationStatus.pending) {
      throw badRequest(Msg.agentApplyPending);
    }
    const row = { member_id: memberId, ...body, status: AgentApplicationStatus.pending, created_at: this.deps.now() };
    const id = await this.repo.insertApplication({ ...row, decided_at: null });
    return toApplication({ id, ...row });
  }

  /** Pending applications (every one with `all`), newest first, for the operator. */
  async list(all: boolean): Promise<ApplicationListing[]> {
    const rows = await this.repo.listApplications(all);
    return rows.map((row) => ({
      id: row.id,
      account: row.account,
      company: row.company,
      contact: row.contact,
      phone: row.phone,
      region: row.region,
      status: row.status,
      createdAt: formatServerTime(row.created_at),
    }));
  }

  /** Approves (the member becomes an agent named after the company) or rejects an application. */
  async decide(applicationId: number, approve: boolean): Promise<{ memberId: number; account: string }> {
    const now = this.deps.now();
    const result = await this.deps.transaction(async ({ agentRepository: repo }) => {
      const application = await repo.findApplication(applicationId);
      if (!application) {
        throw notFound();
      }
      const status = approve ? AgentApplicationStatus.approved : AgentApplicationStatus.rejected;
      await repo.decideApplication(applicationId, status, now);
      if (approve) {
        await repo.ensureAgent(application.member_id, application.company, now);
      }
      const member = await repo.accountOf(application.member_id);
      return { memberId: application.member_id, account: member?.account ?? '' };
    });
    this.cache.dropInfo(result.memberId);
    return result;
  }

  /** An agent changes their brand; refused for non-agents and for a domain another agent holds. */
  async updateBrand(memberId: number, body: z.output<typeof agentBrandBody>): Promise<void> {
    await this.requireAgent(memberId);
    try {
      await this.repo.updateAgent(memberId, {
        name: body.name,
        logo_white: body.logo_white,
        logo_black: body.logo_black,
        is_wechat_service: body.is_wechat_service,
        domain: body.domain ? normalizeHost(body.domain) : null,
      });
    } catch (error) {
      if (isUniqueViolation(error)) {
        throw badRequest(Msg.domainTaken);
      }
      throw error;
    }
    this.cache.dropInfo(memberId);
  }

  /** Stores one cropped logo of an agent and sets it; answers its URL. */
  async uploadLogo(memberId: number, body: z.output<typeof agentLogoBody>): Promise<string> {
    await this.requireAgent(memberId);
    const storage = this.deps.storage;
    if (!storage) {
      throw new Error('AgentService.uploadLogo needs storage');
    }
    const url = await storeImageDataUrl(storage, `brand/agent-${memberId}`, body.image);
    await this.repo.updateLogo(memberId, body.variant === 'white' ? 'logo_white' : 'logo_black', url);
    this.cache.dropInfo(memberId);
    return url;
  }

  /** The brand of the agent whose own domain `host` is; null on the house's hosts. */
  async brandForHost(host: string): Promise<HostBrand | null> {
    const normalized = normalizeHost(host);
    if (!normalized) {
      return null;
    }
    const agent = await this.repo.findAgentByDomain(normalized);
    if (!agent) {
      return null;
    }
    return {
      agentId: agent.member_id,
      name: agent.name,
      logoWhite: agent.logo_white,
      logoBlack: agent.logo_black,
      wechatService: agent.is_wechat_service === 1,
    };
  }

  private async requireAgent(memberId: number): Promise<void> {
    if (!(await this.repo.findAgent(memberId))) {
      throw badRequest(Msg.agentOnly);
    }
  }
}

function toApplication(row: {
  id: number;
  company: string;
  contact: string;
  phone: string;
  region: string;
  note: string;
  status: number;
  created_at: number;
}): AgentApplication {
  return {
    id: row.id,
    company: row.company,
    contact: row.contact,
    phone: row.phone,
    region: row.region,
    note: row.note,
    status: row.status,
    created_at: formatServerTime(row.created_at),
  };
}
