// Zod-free, like the other *-paths files: the request layer (in every page's first JS) reads it.

/**
 * The console's calls that only read (issue 27). The spec's calls are POSTs, so the method cannot say
 * which calls a client may send again after a proxy's 502/503/504 or a dropped connection: this list
 * does, for every client. A call left out changes state (or may: a captcha, a lazily made secret, a
 * runner authorization's poll that expires it) and is sent exactly once. Each path is the value of the
 * contract's *Api constant named beside it (read-calls.test.ts checks), and the server's test calls
 * each one and checks that no row changed.
 */
export const READ_ONLY_CALLS: ReadonlySet<string> = new Set<string>([
  '/api/member.Member/info', // MemberApi.info
  '/api/member.Member/noAuthinfo', // MemberApi.menus
  '/api/console.Console/getShopLevelsetting', // MemberApi.levelInfo
  '/api/member.Member/sessions', // UserCenterApi.sessions
  '/api/setting.Setting/setting', // SettingApi.setting
  '/api/setting.Setting/getConfigValueCate', // SettingApi.configValueCate
  '/api/setting.SystemVersion/getNewVersionInfo', // SettingApi.clientLinks
  '/api/setting.SystemVersion/versionInfo', // SettingApi.versionInfo
  '/api/content.ChangeLog/list', // ContentApi.changelog
  '/api/content.Pricing/levels', // ContentApi.pricingLevels
  '/api/content.Course/list', // ContentApi.courseList
  '/api/content.Course/detail', // ContentApi.courseDetail
  '/api/content.Live/list', // ContentApi.liveList
  '/api/content.Download/info', // ContentApi.downloadInfo
  '/api/content.Agreement/current', // ContentApi.agreementCurrent
  '/api/content.Agreement/status', // ContentApi.agreementStatus
  '/api/content.Page/sections', // ContentApi.sections
  '/api/content.Help/list', // ContentApi.helpList
  '/api/agent.Agent/center', // AgentApi.center
  '/api/member.EnterpriseAccount/list', // AccountApi.list
  '/api/member.EnterpriseAccount/getEnterpriseAccountList', // AccountApi.selectorList
  '/api/member.EnterpriseAccountGroup/list', // AccountApi.groupList
  '/api/setting.Platform/list', // AccountApi.platformList
  '/api/member.EnterpriseAccount/authLog', // AccountApi.authLog
  '/api/file.File/list', // MaterialApi.list
  '/api/file.File/info', // MaterialApi.info
  '/api/file.Group/list', // MaterialApi.groupList
  '/api/file.Tag/list', // MaterialApi.tagList
  '/api/file.Setting/info', // FileSettingApi.info
  '/api/seoaivideo.AiVideoPublish/getSystemMusicCate', // MusicApi.cates
  '/api/seoaivideo.BatchPublish/getSystemMusic', // MusicApi.list
  '/api/seoaivideo.BatchVideo/taskList', // ClipTaskApi.list
  '/api/seoaivideo.BatchVideo/taskInfo', // ClipTaskApi.info
  '/api/seoaivideo.BatchPublish/getFront', // ClipTaskApi.getFront
  '/api/seoaivideo.BatchVideo/getVoice', // ClipTaskApi.getVoice
  '/api/seoaivideo.BatchVideo/getVoices', // ClipVoiceApi.list
  '/api/seoaivideo.VideoTemplate/list', // ClipTemplateApi.list
  '/api/seoaivideo.BatchPublish/list', // PublishApi.list
  '/api/seoaivideo.BatchPublish/info', // PublishApi.info
  '/api/runner.Runner/list', // RunnerTokenApi.list
  '/api/customer.DouyinCustomer/privateList', // CustomerApi.privateList
  '/api/customer.DouyinCustomer/thread', // CustomerApi.thread
  '/api/customer.Lead/list', // CustomerApi.leadList
  '/api/customer.ReplyRule/list', // ReplyRuleApi.list
  '/api/customer.ReplyRule/settings', // ReplyRuleApi.settings
  '/api/customer.AiLead/overview', // ReplyRuleApi.overview
  '/api/customer.Harvest/accounts', // HarvestWorkApi.accounts
  '/api/console.AiData/report', // AiStaffApi.report
  '/api/console.AiOperate/todos', // AiStaffApi.todos
  '/api/console.AiPublish/overview', // AiStaffApi.publish
  '/api/console.DataScreen/overview', // DataScreenApi.overview
]);

/** True when `path` (query string ignored) only reads, so sending it again cannot change anything. */
export function isReadOnlyCall(path: string): boolean {
  const end = path.indexOf('?');
  return READ_ONLY_CALLS.has(end === -1 ? path : path.slice(0, end));
}
