/**
 * Websocket frames of the chat socket (SPEC §4, §7): JSON `{type, data}` both ways. Parsed by hand,
 * without zod, so the hub stays cheap per frame and the web client's shell stays small.
 */
import { WS_PING_MS } from './constants.ts';

/** Path of the chat socket on the API server. */
export const WS_PATH = '/websocket';
/** A socket that has not bound with a valid token within this time is closed, ms. */
export const WS_BIND_TIMEOUT_MS = 10_000;
/** Close code: the bind was refused (wrong client id, bad token, or another member). */
export const WS_CLOSE_BIND_REFUSED = 4403;
/** Close code: no valid bind arrived in time. */
export const WS_CLOSE_BIND_TIMEOUT = 4408;
/**
 * A bound socket that sent nothing (not even a ping) for this long is closed, ms: 6 pings. Chromium
 * runs the timers of a tab hidden for 5 minutes once a minute, so a background console pings only
 * every 60 s; a shorter limit would close and reopen its socket every minute.
 */
export const WS_IDLE_TIMEOUT_MS = WS_PING_MS * 6;
/** Close code: the client stopped pinging (it reconnects if it is still there). */
export const WS_CLOSE_IDLE = 4410;
/** Largest client frame the hub reads, bytes (a bind is well under 1 KB). */
export const WS_MAX_FRAME_BYTES = 4096;

/** What a `send_msg` frame carries: one inbound customer message. */
export interface SendMsgData {
  conversation_id: number;
  message_id: number;
  enterprise_account_id: number;
  customer_id: string;
  customer_name: string;
  content: string;
  /** `YYYY-MM-DD HH:mm:ss` (UTC+8). */
  sent_at: string;
}

/** What a `clip_progress` frame carries: one clip video moved on (progress 0–1). */
export interface ClipProgressData {
  task_id: number;
  output_id: number;
  status: 'queued' | 'running' | 'done' | 'failed' | 'canceled';
  progress: number;
  done: number;
  total: number;
}

/** What a `publish_job` frame carries: one job of a batch changed state or progressed. */
export interface PublishJobFrameData {
  batch_id: number;
  job_id: number;
  /** A PublishState (contract/rules/publish-state). */
  state: string;
  /** Upload progress 0–100 while uploading, else the last value. */
  percent: number;
  text: string;
  /** The job's event sequence number: a console that reconnects refetches the batch when it skipped one. */
  seq: number;
}

/** What an `account_auth` frame carries: an authorization through a runner moved on (api/runner-auth AuthorizeView). */
export interface AccountAuthFrameData {
  request_id: number;
  enterprise_account_id: number;
  /** An AuthRequestState (api/runner-auth). */
  state: string;
  /** The QR to scan while `qr`, else empty. */
  qr_image: string;
  msg: string;
  cookie_auth_status: number;
}

/** What an `account_auth_expired` frame carries: accounts whose stored login stopped working (status 2). */
export interface AccountAuthExpiredFrameData {
  accounts: { enterprise_account_id: number; nickname: string }[];
}

/**
 * What a `harvest_paused` frame carries: a platform answered an account's harvesting with a rate limit
 * or a verification check, so reading and replying there wait; `notice` says why and until when.
 */
export interface HarvestPausedFrameData {
  enterprise_account_id: number;
  nickname: string;
  notice: string;
}

/** What a `data_changed` frame carries: which of the member's figures changed (the data screen reads them again). */
export interface DataChangedFrameData {
  what: 'accounts' | 'materials';
}

/**
 * What a `material_processed` frame carries: a material's background media work finished, so its poster
 * (thumb_url, empty when it has none or the work failed) and duration show without a refetch, in the
 * library and the clip task list.
 */
export interface MaterialProcessedFrameData {
  material_id: number;
  status: 'done' | 'failed';
  thumb_url: string;
  /** Seconds, as the library lists it; 0 for an image or a failure. */
  duration: number;
}

/** Frames the server sends. */
export type ServerFrame =
  | { type: 'init'; data: { client_id: string } }
  /** Acknowledges a successful bind. */
  | { type: 'bind'; data: { client_id: string; member_id: number } }
  | { type: 'pong'; data: Record<string, never> }
  | { type: 'redict'; data: { path: string } }
  | { type: 'message'; data: { msg: string } }
  | { type: 'refresh'; data: Record<string, never> }
  | { type: 'send_msg'; data: SendMsgData }
  | { type: 'clip_progress'; data: ClipProgressData }
  | { type: 'publish_job'; data: PublishJobFrameData }
  | { type: 'account_auth'; data: AccountAuthFrameData }
  | { type: 'account_auth_expired'; data: AccountAuthExpiredFrameData }
  | { type: 'harvest_paused'; data: HarvestPausedFrameData }
  | { type: 'data_changed'; data: DataChangedFrameData }
  | { type: 'material_processed'; data: MaterialProcessedFrameData };

/** Frames the client sends. */
export type ClientFrame =
  | { type: 'bind'; data: { client_id: string; member_id: number; token: string } }
  | { type: 'ping'; data: Record<string, never> };

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function parseJson(raw: string): unknown {
  try {
    return JSON.parse(raw);
  } catch {
    return undefined;
  }
}

/** Reads a client frame; null for anything malformed or unknown. */
export function parseClientFrame(raw: string): ClientFrame | null {
  const value = parseJson(raw);
  if (!isRecord(value)) {
    return null;
  }
  if (value.type === 'ping') {
    return { type: 'ping', data: {} };
  }
  const data = value.data;
  if (value.type === 'bind' && isRecord(data)) {
    const { client_id: clientId, member_id: memberId, token } = data;
    const id = typeof memberId === 'string' ? Number(memberId) : memberId;
    if (typeof clientId === 'string' && typeof token === 'string' && typeof id === 'number' && Number.isInteger(id)) {
      return { type: 'bind', data: { client_id: clientId, member_id: id, token } };
    }
  }
  return null;
}

/** Reads a server frame; null for anything malformed or of an unknown type. */
export function parseServerFrame(raw: string): ServerFrame | null {
  const value = parseJson(raw);
  if (!isRecord(value) || typeof value.type !== 'string') {
    return null;
  }
  const data = isRecord(value.data) ? value.data : {};
  switch (value.type) {
    case 'init':
      return typeof data.client_id === 'string' ? { type: 'init', data: { client_id: data.client_id } } : null;
    case 'bind':
      return typeof data.client_id === 'string' && typeof data.member_id === 'number'
        ? { type: 'bind', data: { client_id: data.client_id, member_id: data.member_id } }
        : null;
    case 'pong':
      return { type: 'pong', data: {} };
    case 'refresh':
      return { type: 'refresh', data: {} };
    case 'redict':
      return typeof data.path === 'string' ? { type: 'redict', data: { path: data.path } } : null;
    case 'message':
      return typeof data.msg === 'string' ? { type: 'message', data: { msg: data.msg } } : null;
    case 'send_msg':
      return { type: 'send_msg', data: data as unknown as SendMsgData };
    case 'clip_progress':
      return typeof data.task_id === 'number' &&
        typeof data.output_id === 'number' &&
        typeof data.status === 'string' &&
        typeof data.progress === 'number'
        ? { type: 'clip_progress', data: data as unknown as ClipProgressData }
        : null;
    case 'publish_job':
      return typeof data.job_id === 'number' && typeof data.state === 'string'
        ? { type: 'publish_job', data: data as unknown as PublishJobFrameData }
        : null;
    case 'account_auth':
      return typeof data.request_id === 'number' && typeof data.state === 'string'
        ? { type: 'account_auth', data: data as unknown as AccountAuthFrameData }
        : null;
    case 'account_auth_expired':
      return Array.isArray(data.accounts)
        ? { type: 'account_auth_expired', data: data as unknown as AccountAuthExpiredFrameData }
        : null;
    case 'harvest_paused':
      return typeof data.enterprise_account_id === 'number' &&
        typeof data.nickname === 'string' &&
        typeof data.notice === 'string'
        ? {
            type: 'harvest_paused',
            data: { enterprise_account_id: data.enterprise_account_id, nickname: data.nickname, notice: data.notice },
          }
        : null;
    case 'data_changed':
      return data.what === 'accounts' || data.what === 'materials'
        ? { type: 'data_changed', data: { what: data.what } }
        : null;
    case 'material_processed':
      return typeof data.material_id === 'number' &&
        (data.status === 'done' || data.status === 'failed') &&
        typeof data.thumb_url === 'string' &&
        typeof data.duration === 'number'
        ? {
            type: 'material_processed',
            data: {
              material_id: data.material_id,
              status: data.status,
              thumb_url: data.thumb_url,
              duration: data.duration,
            },
          }
        : null;
    default:
      return null;
  }
}
