import { describe, expect, it } from 'vitest';
import { AccountApi } from './enterprise-account.ts';
import { AgentApi } from './agent.ts';
import { AiStaffApi } from './ai-staff.ts';
import { AuthApi } from './auth-paths.ts';
import { ClipTaskApi } from './clip-task.ts';
import { ClipTemplateApi } from './clip-template.ts';
import { ClipVoiceApi } from './clip-voice.ts';
import { ContentApi } from './content-paths.ts';
import { CustomerApi } from './customer.ts';
import { DataScreenApi } from './data-screen.ts';
import { FileSettingApi } from './file-setting.ts';
import { HarvestWorkApi } from './harvest-work.ts';
import { MaterialApi } from './material.ts';
import { MemberApi } from './member.ts';
import { MusicApi } from './music.ts';
import { PublishApi } from './publish.ts';
import { ReplyRuleApi } from './reply-rule.ts';
import { RunnerAuthApi, RunnerTokenApi } from './runner-auth.ts';
import { SettingApi } from './setting-paths.ts';
import { UserCenterApi } from './user-center.ts';
import { isReadOnlyCall, READ_ONLY_CALLS } from './read-calls.ts';

const APIS: Record<string, Record<string, string>> = {
  AccountApi,
  AgentApi,
  AiStaffApi,
  ClipTaskApi,
  ClipTemplateApi,
  ClipVoiceApi,
  ContentApi,
  CustomerApi,
  DataScreenApi,
  FileSettingApi,
  HarvestWorkApi,
  MaterialApi,
  MemberApi,
  MusicApi,
  PublishApi,
  ReplyRuleApi,
  RunnerTokenApi,
  SettingApi,
  UserCenterApi,
};

describe('READ_ONLY_CALLS', () => {
  it('holds only paths the contract defines, so a renamed call cannot drift out of it', () => {
    const defined = new Set(Object.values(APIS).flatMap((api) => Object.values(api)));
    for (const path of READ_ONLY_CALLS) {
      expect(defined.has(path), path).toBe(true);
    }
  });

  it('leaves out the calls that change state, and those that may', () => {
    for (const path of [
      PublishApi.add,
      PublishApi.retryFailed,
      PublishApi.cancel,
      AccountApi.add,
      MaterialApi.dele,
      ClipTaskApi.add,
      ClipTaskApi.preview,
      CustomerApi.reply,
      CustomerApi.webhookSecret,
      AuthApi.login,
      AuthApi.captcha,
      RunnerAuthApi.info,
    ]) {
      expect(isReadOnlyCall(path), path).toBe(false);
    }
    expect(isReadOnlyCall(`${PublishApi.list}?page=2`)).toBe(true);
  });
});
