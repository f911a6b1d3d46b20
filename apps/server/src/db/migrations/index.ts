import type { Migration } from 'kysely';
import * as foundation from './202511211200_foundation.ts';
import * as materials from './202611211300_materials.ts';
import * as accounts from './202611211310_accounts.ts';
import * as chat from './202611211320_chat.ts';
import * as materialSearch from './202611211400_material_search.ts';
import * as materialNamesUnique from './202611231700_material_names_unique.ts';
import * as clipTasks from './202611231710_clip_tasks.ts';
import * as publish from './202611231720_publish.ts';
import * as accountAuthRequest from './202611240200_account_auth_request.ts';
import * as publishPacing from './202611240300_publish_pacing.ts';
import * as content from './202611240600_content.ts';
import * as userCenterAgents from './202611240700_user_center_agents.ts';
import * as clipTemplates from './202611240500_clip_templates.ts';
import * as versionCodes from './202611250400_version_codes.ts';
import * as publishVerifyBasis from './202611271600_publish_verify_basis.ts';
import * as serverRunners from './202611271610_server_runners.ts';
import * as leadHarvest from './202611272000_lead_harvest.ts';
import * as connectorDrift from './202611272040_connector_drift.ts';
import * as harvestWork from './202611272100_harvest_work.ts';
import * as replyRules from './202611272120_reply_rules.ts';
import * as musicLicence from './202611280300_music_licence.ts';
import * as courseTruthful from './202611280310_course_truthful.ts';
import * as harvestPublishFence from './202611280600_harvest_publish_fence.ts';
import * as authSmsCode from './202611290000_auth_sms_code.ts';
import * as harvestHistory from './202611290100_harvest_history.ts';
import * as clipOutputLease from './202611290200_clip_output_lease.ts';
import * as chatMessageRoot from './202611300100_chat_message_root.ts';
import * as harvestThread from './202612010100_harvest_thread.ts';
import * as chatMessageDeliveryLease from './202612020200_chat_message_delivery_lease.ts';
import * as publishClaimIndexes from './202612020500_publish_claim_indexes.ts';
import * as clipTranscript from './202612030200_clip_transcript.ts';

/** Every migration, by name; append new ones at the end (names sort by their timestamp prefix). */
export const migrations: Record<string, Migration> = {
  '202511211200_foundation': foundation,
  '202611211320_chat': chat,
  '202611211310_accounts': accounts,
  '202611211300_materials': materials,
  '202611211400_material_search': materialSearch,
  '202611231700_material_names_unique': materialNamesUnique,
  '202611231710_clip_tasks': clipTasks,
  '202611231720_publish': publish,
  '202611240200_account_auth_request': accountAuthRequest,
  '202611240300_publish_pacing': publishPacing,
  '202611240600_content': content,
  '202611240700_user_center_agents': userCenterAgents,
  '202611240500_clip_templates': clipTemplates,
  '202611250400_version_codes': versionCodes,
  '202611271600_publish_verify_basis': publishVerifyBasis,
  '202611271610_server_runners': serverRunners,
  '202611272000_lead_harvest': leadHarvest,
  '202611272040_connector_drift': connectorDrift,
  '202611272100_harvest_work': harvestWork,
  '202611272120_reply_rules': replyRules,
  '202611280300_music_licence': musicLicence,
  '202611280310_course_truthful': courseTruthful,
  '202611280600_harvest_publish_fence': harvestPublishFence,
  '202611290000_auth_sms_code': authSmsCode,
  '202611290100_harvest_history': harvestHistory,
  '202611290200_clip_output_lease': clipOutputLease,
  '202611300100_chat_message_root': chatMessageRoot,
  '202612010100_harvest_thread': harvestThread,
  '202612020200_chat_message_delivery_lease': chatMessageDeliveryLease,
  '202612020500_publish_claim_indexes': publishClaimIndexes,
  '202612030200_clip_transcript': clipTranscript,
};
