/**
 * The AI staff part of the SPEC §8 catalogue (issue 25): the AI数据员工's daily report and the AI运营员工's
 * to-do list. `Msg` in messages.ts includes every entry here.
 */
export const AiStaffMsg = {
  aiReportDayInvalid: '请选择正确的日期（格式为 年-月-日）',
  aiReportDayOutOfRange: '只能查看最近{days}天的日报',
  // The to-do list: one line per kind of work waiting, filled with its count.
  todoReauthorize: '{n} 个账号授权已失效或未授权，发布和获客会跳过它们',
  todoPublishFailed: '{n} 条发布任务失败，可以重试',
  todoClipFailed: '{n} 个剪辑任务有视频没有剪成，可以重试',
  todoDrift: '{n} 个平台的发布页面已变化，发布可能失败',
  todoLeadWaiting: '{n} 位意向客户在等你回复',
  todoStorageFull: '云空间已用 {percent}%（{used} / {limit}），满了将无法上传素材',
  todoActionReauthorize: '去授权',
  todoActionRetryPublish: '查看并重试',
  todoActionRetryClip: '查看并重试',
  todoActionDrift: '查看发布器',
  todoActionReply: '去回复',
  todoActionStorage: '清理素材',
  todoActionUpgrade: '升级套餐',
  todoNone: '暂时没有待办：账号授权正常，任务都已完成，客户消息都已回复',
  // Short item lines under a to-do.
  todoItemExpired: '授权已过期',
  todoItemUnauthorized: '未授权',
  todoItemPublishFailed: '{n} 条失败',
  todoItemClipFailed: '{n} 个视频失败',
  todoItemDriftMissing: '缺少：{missing}',
  todoItemLeadWaiting: '最后一条消息：{content}',
  // The AI发布员工: why an account cannot publish now.
  aiPublishPausedLoggedOut: '平台要求重新登录，暂停发布至 {until}',
  aiPublishPausedRateLimited: '平台提示操作频繁，暂停发布至 {until}',
} as const;
