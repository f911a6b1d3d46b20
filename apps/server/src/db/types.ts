import type { PlatformAuthType } from '@vidmatrix/contract/rules/account-selectability';
import type { LeadContactKind, LeadIntentCategory, LeadIntentLevel } from '@vidmatrix/contract/rules/lead-rules';
import type { ReplyMatchKind } from '@vidmatrix/contract/rules/reply-rules';
import type { Generated, Kysely } from 'kysely';

/**
 * Table types of the database. Times are epoch-ms integers (bigint in PostgreSQL), booleans are
 * 0/1 integers, so one query code base runs on SQLite and PostgreSQL alike.
 */
export interface Database {
  member: MemberTable;
  member_role: MemberRoleTable;
  role: RoleTable;
  agent: AgentTable;
  member_token: MemberTokenTable;
  login_failure: LoginFailureTable;
  captcha: CaptchaTable;
  level: LevelTable;
  level_user: LevelUserTable;
  menu: MenuTable;
  role_menu: RoleMenuTable;
  platform: PlatformTable;
  config: ConfigTable;
  site_setting: SiteSettingTable;
  client_version: ClientVersionTable;
  webhook_secret: WebhookSecretTable;
  webhook_nonce: WebhookNonceTable;
  conversation: ConversationTable;
  chat_message: ChatMessageTable;
  lead: LeadTable;
  harvest_cursor: HarvestCursorTable;
  harvest_thread: HarvestThreadTable;
  reply_rule: ReplyRuleTable;
  reply_setting: ReplySettingTable;
  harvest_account: HarvestAccountTable;
  enterprise_account: EnterpriseAccountTable;
  enterprise_account_group: EnterpriseAccountGroupTable;
  enterprise_account_auth_log: EnterpriseAccountAuthLogTable;
  enterprise_account_import: EnterpriseAccountImportTable;
  material: MaterialTable;
  material_group: MaterialGroupTable;
  material_tag: MaterialTagTable;
  material_tag_link: MaterialTagLinkTable;
  upload: UploadTable;
  upload_part: UploadPartTable;
  music_cate: MusicCateTable;
  music: MusicTable;
  clip_media: ClipMediaTable;
  clip_task: ClipTaskTable;
  clip_output: ClipOutputTable;
  clip_transcript: ClipTranscriptTable;
  clip_combination: ClipCombinationTable;
  clip_template: ClipTemplateTable;
  job: JobTable;
  publish_batch: PublishBatchTable;
  agent_application: AgentApplicationTable;
  publish_job: PublishJobTable;
  publish_attempt: PublishAttemptTable;
  publish_event: PublishEventTable;
  runner: RunnerTable;
  content_doc: ContentDocTable;
  member_agreement: MemberAgreementTable;
  level_upgrade_request: LevelUpgradeRequestTable;
  publish_account_health: PublishAccountHealthTable;
  account_auth_request: AccountAuthRequestTable;
  connector_definition: ConnectorDefinitionTable;
  runner_drift: RunnerDriftTable;
}

export type Db = Kysely<Database>;

export interface MemberTable {
  id: Generated<number>;
  account: string;
  password_hash: string;
  nickname: string;
  avatar_url: string;
  phone: string;
  /** 1 active, 0 disabled. */
  status: number;
  is_ip: number;
  is_batch_download: number;
  batch_download_max: number;
  is_ai_service: number;
  ai_link: string;
  ai_name: string;
  /** The agent (member id) on whose domain the member registered; null for the house. */
  agent_id: number | null;
  created_at: number;
  updated_at: number;
}

export interface RoleTable {
  id: number;
  name: string;
}

export interface MemberRoleTable {
  member_id: number;
  role_id: number;
}

/** Agent (reseller) branding; a member is an agent when it has a row here. */
export interface AgentTable {
  member_id: number;
  logo_white: string;
  logo_black: string;
  is_wechat_service: number;
  /** Brand name shown on the agent's domain. */
  name: Generated<string>;
  /** The agent's own host name (lower case, no port); null when none. */
  domain: string | null;
  created_at: number;
}

export type TokenKind = 'api' | 'nfc' | 'digital';

/** Session tokens, stored as sha256 hashes; the three tokens of one login share a session_id. */
export interface MemberTokenTable {
  id: Generated<number>;
  member_id: number;
  session_id: string;
  kind: TokenKind;
  platform: string;
  token_hash: string;
  created_at: number;
  expires_at: number;
  revoked_at: number | null;
  /** Client address and user agent at sign-in (user centre's session list). */
  ip: Generated<string>;
  device: Generated<string>;
}

export interface LoginFailureTable {
  id: Generated<number>;
  account: string;
  ip: string;
  created_at: number;
}

export interface CaptchaTable {
  id: string;
  code_hash: string;
  created_at: number;
  expires_at: number;
  used_at: number | null;
}

export interface LevelTable {
  id: number;
  name: string;
  account_num: number;
  /** Bytes. */
  space_storage: number;
  material_retention_days: number;
  sort: number;
  /** Price per year in fen. */
  price: Generated<number>;
  /** JSON string[]: what the level offers, as the pricing page lists it. */
  features: Generated<string>;
  /** 1: its members may publish (and authorize accounts) through server runners. */
  server_runners: Generated<number>;
}

/** A member's level and what it uses of it. */
export interface LevelUserTable {
  member_id: number;
  level_id: number;
  account_num: number;
  /** Bytes used. */
  space_storage: number;
  /** Null: never expires. */
  expire_time: number | null;
  updated_at: number;
}

export interface MenuTable {
  id: number;
  pid: number;
  name: string;
  url: string;
  icon: string;
  avatar_url: string;
  sort: number;
}

export interface RoleMenuTable {
  role_id: number;
  menu_id: number;
}

export interface PlatformTable {
  id: number;
  name: string;
  auth_type: PlatformAuthType;
  logo_url: string;
  sort: number;
}

export interface ConfigTable {
  cate_id: number;
  label: string;
  value: string;
  sort: number;
}

export interface SiteSettingTable {
  name: string;
  value: string;
}

export interface ClientVersionTable {
  id: Generated<number>;
  /** 'web', '1' (Windows) or '2' (Mac). */
  platform: string;
  version_code: number;
  version_name: string;
  version_info: string;
  download_url: string;
  created_at: number;
}

/** A member's webhook signing secret (issue 5). */
export interface WebhookSecretTable {
  member_id: number;
  secret: string;
  created_at: number;
}

/** Signatures already accepted, kept until their timestamp could no longer pass (replay guard). */
export interface WebhookNonceTable {
  signature: string;
  expires_at: number;
}

/** One customer talking to one enterprise account of a member. */
export interface ConversationTable {
  id: Generated<number>;
  member_id: number;
  enterprise_account_id: number;
  customer_id: string;
  customer_name: string;
  /** Unread inbound messages (read_num). */
  unread_count: number;
  last_in_content: string;
  last_out_content: string;
  last_time: number;
  created_at: number;
}

export type MessageDirection = 'in' | 'out';
export type MessageDelivery = '' | 'pending' | 'sent' | 'failed';
/** A harvested comment or private message; '' for webhook messages and console replies. */
export type MessageSourceColumn = '' | 'comment' | 'message';

export interface ChatMessageTable {
  id: Generated<number>;
  conversation_id: number;
  member_id: number;
  direction: MessageDirection;
  content: string;
  sent_at: number;
  is_read: number;
  delivery_status: MessageDelivery;
  fail_reason: string;
  attempts: number;
  /** Until when (ms) the delivery attempt that took a pending reply holds it; 0 when none does. */
  delivery_lease_until: Generated<number>;
  created_at: number;
  /** The conversation's account and its platform (the harvested item's key with source and item_id). */
  enterprise_account_id: Generated<number>;
  platform_id: Generated<number>;
  source: Generated<MessageSourceColumn>;
  /** The platform's id of a harvested item ('' otherwise); unique per platform, account and source. */
  item_id: Generated<string>;
  post_id: Generated<string>;
  post_title: Generated<string>;
  parent_id: Generated<string>;
  /** The first-level comment of a harvested reply's thread ('' otherwise). */
  root_id: Generated<string>;
  link: Generated<string>;
  /** Buying intent read in an inbound message ('' for replies and messages stored before issue 23). */
  intent: Generated<LeadIntentLevel | ''>;
  intent_category: Generated<LeadIntentCategory | ''>;
  /** When a runner took this reply to send, epoch ms (0: not yet; once set it is never sent again). */
  write_at: Generated<number>;
  /** As which write it went out ('' before). */
  write_kind: Generated<'' | 'comment_reply' | 'message'>;
  /** The reply rule that made this reply (0: none). */
  rule_id: Generated<number>;
  /** The inbound item a rule reply answers (0: none); unique, so one rule reply per item. */
  reply_to_message_id: Generated<number>;
  /** A rule's draft waiting for the member, or discarded ('' otherwise). */
  approval: Generated<'' | 'waiting' | 'discarded'>;
  /** Why a draft waits, in Chinese ('' otherwise). */
  hold_reason: Generated<string>;
}

/** A member's reply rule (issue 23). */
export interface ReplyRuleTable {
  id: Generated<number>;
  member_id: number;
  kind: 'keyword' | 'ai';
  match: ReplyMatchKind;
  /** JSON array of keywords. */
  keywords: string;
  reply: string;
  mode: 'auto' | 'approve';
  enabled: number;
  created_at: number;
  updated_at: number;
}

/** A member's facts for AI replies and the hourly cap of automatic replies per account. */
export interface ReplySettingTable {
  member_id: number;
  business: string;
  products: string;
  hourly_cap: number;
  updated_at: number;
}

export type LeadKindColumn = LeadContactKind;
export type LeadStatusColumn = 'new' | 'contacted' | 'won' | 'lost';

/** A person on one of the member's accounts who showed intent or left a contact; one per conversation. */
export interface LeadTable {
  id: Generated<number>;
  member_id: number;
  conversation_id: number;
  enterprise_account_id: number;
  customer_id: string;
  /** The first contact found ('' while there is none). */
  kind: LeadKindColumn | '';
  value: string;
  status: LeadStatusColumn;
  source_message_id: number;
  first_seen: number;
  updated_at: number;
  /** JSON array of every contact, `{kind, value}`, in the order found. */
  contacts: Generated<string>;
  intent: Generated<LeadIntentLevel>;
  intent_category: Generated<LeadIntentCategory | ''>;
  platform_id: Generated<number>;
  source: Generated<MessageSourceColumn>;
  post_id: Generated<string>;
  post_title: Generated<string>;
  link: Generated<string>;
}

/** Where a runner stopped reading an account's comments or messages (its own format). */
/** A comment thread of a harvested account and the reply count the platform showed when it was read. */
export interface HarvestThreadTable {
  enterprise_account_id: number;
  root_id: string;
  member_id: number;
  replies: number;
  updated_at: number;
}

export interface HarvestCursorTable {
  enterprise_account_id: number;
  source: 'comment' | 'message';
  member_id: number;
  cursor: string;
  updated_at: number;
}

/** An account's harvesting: the member's switch, the lease of a runner's pass, when due, its cool-down. */
export interface HarvestAccountTable {
  enterprise_account_id: number;
  member_id: number;
  enabled: number;
  lease_owner: number | null;
  lease_until: number | null;
  next_read_at: Generated<number>;
  last_read_at: Generated<number>;
  cooldown_level: Generated<number>;
  cooldown_until: Generated<number>;
  /** A publish claim holds the account until then (epoch ms): no harvest lease is taken before. */
  publish_fence_until: Generated<number>;
  cooldown_successes: Generated<number>;
  /** When harvesting was last switched on (epoch ms): items written before it are history. */
  history_before: Generated<number>;
  /** Member words on why it paused or stopped ('' when running). */
  notice: Generated<string>;
  updated_at: number;
}

/** A member's social-media account; pid non-zero: a sub-account of that account. */
export interface EnterpriseAccountTable {
  id: Generated<number>;
  member_id: number;
  pid: number;
  platform_id: number;
  nickname: string;
  remarks: string;
  avatar_larger: string;
  /** 0: no group. */
  group_id: number;
  /** 1 authorized, 2 expired, otherwise unauthorized. */
  cookie_auth_status: number;
  /** 1 is OK. */
  access_status: number;
  ip_code: string;
  created_at: number;
  updated_at: number;
}

export interface EnterpriseAccountGroupTable {
  id: Generated<number>;
  member_id: number;
  name: string;
  created_at: number;
  updated_at: number;
}

/** One change of an account's cookie_auth_status. */
export interface EnterpriseAccountAuthLogTable {
  id: Generated<number>;
  member_id: number;
  enterprise_account_id: number;
  from_status: number;
  to_status: number;
  reason: string;
  created_at: number;
}

/** The outcome of one account import; failed_rows is a JSON array of string arrays. */
export interface EnterpriseAccountImportTable {
  id: string;
  member_id: number;
  add_count: number;
  update_count: number;
  fail_count: number;
  failed_rows: string;
  created_at: number;
}

/** A material of the library (SPEC §3); object_key is relative to the storage root. */
export interface MaterialTable {
  id: Generated<number>;
  member_id: number;
  object_key: string;
  file_name: string;
  /** 'image' | 'video' | 'audio'. */
  file_type: string;
  /** Bytes charged to the member's space. */
  size: number;
  duration_ms: number;
  thumb_key: string;
  /** 'pending' | 'done' | 'failed' (the media job). */
  process_status: string;
  process_error: string;
  /** 0 = no group. */
  group_id: number;
  use_count: number;
  /** Null: never expires. */
  expiration_time: number | null;
  remark: string;
  source_type: number;
  created_at: number;
  updated_at: number;
}

export interface MaterialGroupTable {
  id: Generated<number>;
  member_id: number;
  group_name: string;
  group_desc: string;
  created_at: number;
}

export interface MaterialTagTable {
  id: Generated<number>;
  member_id: number;
  tag_name: string;
  tag_desc: string;
  created_at: number;
}

export interface MaterialTagLinkTable {
  material_id: number;
  tag_id: number;
}

/**
 * A tus upload: 'uploading' → 'finished' (space charged) → 'registered' (owned by a material) →
 * 'released' (its material removed, the object being deleted and refunded; any removed material's object).
 */
export interface UploadTable {
  object_key: string;
  member_id: number;
  file_name: string;
  size: number;
  status: string;
  created_at: number;
  finished_at: number | null;
}

/** A part of an unfinished s3 multipart upload, as S3's ListParts would report it. */
export interface UploadPartTable {
  object_key: string;
  part_number: number;
  etag: string;
  size: number;
}

export interface MusicCateTable {
  id: Generated<number>;
  name: string;
  sort: number;
}

/** System background music (a member's own music is its audio materials). */
export interface MusicTable {
  id: Generated<number>;
  cate_id: number;
  name: string;
  object_key: string;
  duration_ms: number;
  sort: number;
  created_at: number;
  /** The track's licence ('' for the short tones seeded before issue 25, replaced by the seed). */
  licence: Generated<string>;
}

/** Media a clip task step produced (setOssMediaUrl). */
export interface ClipMediaTable {
  id: Generated<number>;
  member_id: number;
  ap_id: number;
  apt_id: number;
  media_url: string;
  clip_model: number;
  updated_at: number;
}

/** A clip task: its inputs (JSON), N and seed; status and counts follow its outputs. */
export interface ClipTaskTable {
  id: Generated<number>;
  member_id: number;
  name: string;
  clip_model: number;
  /** The addTask body (JSON). */
  input: string;
  /** The template rendered with (JSON). */
  template: string;
  count: number;
  seed: number;
  /** 'queued' | 'running' | 'done' | 'failed' | 'canceled'. */
  status: string;
  done: number;
  failed: number;
  total: number;
  error: string;
  created_at: number;
  updated_at: number;
}

/** One video of a clip task: its plan and where its render stands. */
export interface ClipOutputTable {
  id: Generated<number>;
  task_id: number;
  member_id: number;
  idx: number;
  /** The render plan (JSON). */
  plan: string;
  combo_key: string;
  /** 'queued' | 'running' | 'done' | 'failed' | 'canceled'. */
  status: string;
  progress: number;
  /** The finished video's material; 0 until done. */
  material_id: number;
  error: string;
  updated_at: number;
  /** The token of the render that holds the video now; only it may file the output. */
  lease: Generated<string>;
}

/** What speech recognition heard in a stored object, kept while the file and the recogniser stay the same. */
export interface ClipTranscriptTable {
  object_key: string;
  /** The storage driver's fingerprint of the file when it was heard (StorageDriver.fingerprint). */
  fingerprint: string;
  /** The recogniser's identity: kind, service URL or model directory, model (Transcriber.identity). */
  transcriber: string;
  /** JSON [{ start, end, text }], seconds in the file. */
  segments: string;
  created_at: number;
}

/** Combinations a member already made, so later tasks avoid them. */
export interface ClipCombinationTable {
  member_id: number;
  combo_key: string;
  created_at: number;
}

/** A job of the embedded queue: 'queued' | 'running' | 'failed' (done jobs are deleted). */
export interface JobTable {
  id: Generated<number>;
  name: string;
  payload: string;
  status: string;
  attempts: number;
  max_attempts: number;
  run_at: number;
  locked_until: number | null;
  last_error: string;
  created_at: number;
  updated_at: number;
}

/** A batch: videos × accounts with one copy and a schedule policy (JSON columns as written). */
export interface PublishBatchTable {
  id: Generated<number>;
  member_id: number;
  title: string;
  /** JSON number[]. */
  material_ids: string;
  /** JSON number[]. */
  account_ids: string;
  /** JSON {title, description, topics, copies}. */
  copy: string;
  /** JSON SchedulePolicy. */
  schedule_policy: string;
  created_at: number;
}

/** One video to one account; `state` is a PublishState, moved only by compare-and-set. */
export interface PublishJobTable {
  id: Generated<number>;
  batch_id: number;
  member_id: number;
  material_id: number;
  enterprise_account_id: number;
  platform: string;
  /** JSON JobContent: the copy and file as frozen at creation. */
  content: string;
  run_at: number;
  /** The platform's own timer (platform_scheduled), epoch ms. */
  schedule_at: number | null;
  state: string;
  /** runner.id holding the lease. */
  lease_owner: number | null;
  lease_until: number | null;
  attempt_count: Generated<number>;
  idempotency_key: string;
  /** 1: the submit may have happened; a runner only reads the works list back. */
  verify_only: Generated<number>;
  verify_until: number | null;
  cancel_requested: Generated<number>;
  percent: Generated<number>;
  work_id: Generated<string>;
  link: Generated<string>;
  review_state: Generated<string>;
  submit_clicked: Generated<number>;
  /** When `submitting` was recorded (pacing counts these). */
  submitted_at: number | null;
  error_reason: Generated<string>;
  last_error: Generated<string>;
  screenshot_key: Generated<string>;
  action_kind: Generated<string>;
  action_prompt: Generated<string>;
  action_image: Generated<string>;
  /** The state the job returns to once the member answered. */
  action_from: Generated<string>;
  action_until: number | null;
  action_answer: string | null;
  seq: Generated<number>;
  created_at: number;
  updated_at: number;
  /** JSON VerifyBasis the runner recorded with `submitting` ('' when none was). */
  verify_basis: Generated<string>;
  /** When a published post still under review is read again, epoch ms; null when not followed. */
  review_due_at: number | null;
  /** How many times the review state was read again. */
  review_checks: Generated<number>;
}

/** One run of a job by a runner, with what it left behind. */
export interface PublishAttemptTable {
  id: Generated<number>;
  job_id: number;
  runner_id: number;
  verify_only: Generated<number>;
  phase: string;
  outcome: Generated<string>;
  error: Generated<string>;
  screenshot_key: Generated<string>;
  url: Generated<string>;
  page_text: Generated<string>;
  started_at: number;
  ended_at: number | null;
}

/** Append-only log of a job: every state move and progress step, numbered per job. */
export interface PublishEventTable {
  id: Generated<number>;
  job_id: number;
  seq: number;
  type: string;
  /** JSON. */
  data: string;
  at: number;
}

/** A runner, authenticated by a token stored as its sha256: a member's, or a server runner (member_id null). */
export interface RunnerTable {
  id: Generated<number>;
  /** The member whose work it claims; null: a server runner, serving members whose level allows it. */
  member_id: number | null;
  name: string;
  token_hash: string;
  created_at: number;
  revoked_at: number | null;
  last_heartbeat: number | null;
  version: Generated<string>;
  /** JSON number[]: accounts whose profiles it holds. */
  accounts_held: Generated<string>;
  /** A drift check was asked for at this time and has not been reported since; null when none is due. */
  drift_due_at: number | null;
  /** The operator's connector definitions version the runner last said it runs with (0: the built-in ones). */
  connectors_version: Generated<number>;
}

/** An operator's connector definitions file (issue 22): each import is a version; the highest id is current. */
export interface ConnectorDefinitionTable {
  id: Generated<number>;
  /** JSON ConnectorDefinitions, as validated at import. */
  body: string;
  /** The file it came from. */
  source: Generated<string>;
  created_at: number;
}

/** A runner's last drift check of one platform. */
export interface RunnerDriftTable {
  runner_id: number;
  platform: string;
  /** DriftState: ok, changed, unchecked. */
  state: string;
  /** JSON string[]: the Chinese names of the elements not found. */
  missing: Generated<string>;
  /** The definition checked (`douyin@2026.11.2`). */
  connector_version: Generated<string>;
  /** The operator's definitions version the runner ran with (0: the built-in ones). */
  connectors_version: Generated<number>;
  checked_at: number;
}

/** A document of the public site's content (issue 12); `meta` is its kind's front matter as JSON. */
export interface ContentDocTable {
  id: Generated<number>;
  kind: string;
  slug: string;
  title: string;
  /** Markdown. */
  body: string;
  meta: Generated<string>;
  sort: Generated<number>;
  updated_at: number;
}

/** The user agreement version a member agreed to. */
export interface MemberAgreementTable {
  member_id: number;
  version: string;
  agreed_at: number;
}

/** A member's request to move to a level, handled by an operator. */
export interface LevelUpgradeRequestTable {
  id: Generated<number>;
  member_id: number;
  level_id: number;
  remark: Generated<string>;
  status: Generated<string>;
  created_at: number;
}

/** Pacing of one account across batches: next allowed post and a cooldown after a risk signal (epoch ms). */
export interface PublishAccountHealthTable {
  enterprise_account_id: number;
  member_id: number;
  next_post_at: Generated<number>;
  cooldown_until: Generated<number>;
  cooldown_reason: Generated<string>;
  updated_at: number;
}

/** An application to the agent programme; status 0 pending, 1 approved, 2 rejected. */
export interface AgentApplicationTable {
  id: Generated<number>;
  member_id: number;
  company: string;
  contact: string;
  phone: string;
  region: string;
  note: string;
  status: number;
  created_at: number;
  decided_at: number | null;
}
/** An account authorization handed to a runner: a QR login or a login check (issue 10). */
export interface AccountAuthRequestTable {
  id: Generated<number>;
  member_id: number;
  enterprise_account_id: number;
  platform: string;
  /** AuthRequestKind: login | check. */
  kind: string;
  /** AuthRequestState. */
  state: string;
  runner_id: number | null;
  qr_image: Generated<string>;
  /** The member's SMS code while `sms`, until the runner takes it ('' otherwise). */
  sms_code: Generated<string>;
  /** valid | invalid | unknown | failed, once ended. */
  result: Generated<string>;
  message: Generated<string>;
  expires_at: number;
  created_at: number;
  updated_at: number;
}
/** A clip template a member saved (the template JSON and its rendered preview image). */
export interface ClipTemplateTable {
  id: Generated<number>;
  member_id: number;
  name: string;
  description: string;
  /** The ClipTemplate (JSON). */
  template: string;
  /** Storage key of the preview image; '' until rendered. */
  preview_key: string;
  created_at: number;
}
