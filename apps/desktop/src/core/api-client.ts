import { z } from 'zod';
import { AccountApi } from '@vidmatrix/contract/api/enterprise-account';
import { ClipTaskApi } from '@vidmatrix/contract/api/clip-task';
import { fontList, type FontItem } from '@vidmatrix/contract/api/desktop-sync';
import {
  clientLinks,
  SettingApi,
  versionResult,
  type ClientLinks,
  type VersionResult,
} from '@vidmatrix/contract/api/setting';
import { Code } from '@vidmatrix/contract/envelope';
import { API_TIMEOUT_MS, TOKEN_HEADER } from '@vidmatrix/contract/constants';
import { Msg } from '@vidmatrix/contract/messages';

/** A non-200 envelope or a transport failure; `message` is what the user may read (SPEC §8). */
export class ApiError extends Error {
  constructor(
    message: string,
    readonly code: number,
  ) {
    super(message);
  }
}

/** The server calls the shell makes, against the member's deployment (SPEC §7). */
export interface DesktopServerApi {
  fonts(): Promise<FontItem[]>;
  authCkAllStatus(ids: number[], status: 1 | 2, reason?: string): Promise<void>;
  authCkStatus(id: number): Promise<void>;
  /** The signed-in member's accounts (every one, sub-accounts included) with their server status. */
  memberAccounts(): Promise<{ enterprise_account_id: number; cookie_auth_status: number }[]>;
  versionInfo(platform: '1' | '2', versionCode: number): Promise<VersionResult>;
  clientLinks(): Promise<ClientLinks>;
}

export interface ApiClientOptions {
  serverUrl: string;
  /** The member's ApiToken; calls that need none work without it. */
  memberToken?: () => string | undefined;
  fetch?: typeof fetch;
}

/** The ids and statuses of getEnterpriseAccountList (limit 0: all). */
const accountIdList = z.object({
  list: z.array(z.object({ enterprise_account_id: z.number().int(), cookie_auth_status: z.number().int() })),
});

const anyEnvelope = z.object({ code: z.number(), msg: z.string().default(''), data: z.unknown() });

/** One envelope call: `{code,msg,data}` checked, data parsed by `schema`. */
export type ApiCall = <T extends z.ZodType>(
  method: 'GET' | 'POST',
  path: string,
  schema: T,
  params?: Record<string, string | number>,
) => Promise<z.infer<T>>;

/** Builds the envelope caller: the memberToken header (or another header), the §9 timeout, §8 messages. */
export function createCaller(options: ApiClientOptions & { header?: string }): ApiCall {
  const doFetch = options.fetch ?? fetch;
  return async function call<T extends z.ZodType>(
    method: 'GET' | 'POST',
    path: string,
    schema: T,
    params?: Record<string, string | number>,
  ): Promise<z.infer<T>> {
    const url = new URL(path, options.serverUrl);
    const headers: Record<string, string> = { accept: 'application/json' };
    const token = options.memberToken?.();
    if (token) {
      headers[options.header ?? TOKEN_HEADER] = token;
    }
    let body: string | undefined;
    if (method === 'GET') {
      for (const [key, value] of Object.entries(params ?? {})) {
        url.searchParams.set(key, String(value));
      }
    } else {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(params ?? {});
    }
    let response: Response;
    try {
      response = await doFetch(url, { method, headers, body, signal: AbortSignal.timeout(API_TIMEOUT_MS) });
    } catch (error) {
      const timedOut = error instanceof Error && error.name === 'TimeoutError';
      throw new ApiError(timedOut ? Msg.requestTimeout : Msg.networkError, 0);
    }
    const parsed = anyEnvelope.safeParse(await response.json().catch(() => undefined));
    if (!parsed.success) {
      throw new ApiError(Msg.badResponse, response.status);
    }
    if (parsed.data.code !== Code.ok) {
      throw new ApiError(parsed.data.msg || Msg.serverError, parsed.data.code);
    }
    const data = schema.safeParse(parsed.data.data);
    if (!data.success) {
      throw new ApiError(Msg.badResponse, parsed.data.code);
    }
    return data.data;
  };
}

/** Builds the shell's API client: `{code,msg,data}` envelopes, the memberToken header, the §9 timeout. */
export function createApiClient(options: ApiClientOptions): DesktopServerApi {
  const call = createCaller(options);
  const ignored = z.unknown();
  return {
    fonts: () => call('POST', ClipTaskApi.getFront, fontList),
    authCkAllStatus: async (ids, status, reason = '') => {
      await call('POST', AccountApi.authCkAllStatus, ignored, {
        enterprise_account_id: ids.join(','),
        cookie_auth_status: status,
        reason,
      });
    },
    authCkStatus: async (id) => {
      await call('POST', AccountApi.authCkStatus, ignored, { enterprise_account_id: id, cookie_auth_status: 1 });
    },
    memberAccounts: async () => (await call('GET', AccountApi.selectorList, accountIdList, { limit: 0 })).list,
    // A release stored on the server answers a path (/storage/releases/…): made absolute here, since
    // electron-updater's generic provider reads the channel file beside it.
    versionInfo: async (platform, versionCode) => {
      const result = await call('GET', SettingApi.versionInfo, versionResult, {
        platform,
        version_code: versionCode,
      });
      return result.downloadUrl
        ? { ...result, downloadUrl: new URL(result.downloadUrl, options.serverUrl).toString() }
        : result;
    },
    clientLinks: () => call('GET', SettingApi.clientLinks, clientLinks),
  };
}
