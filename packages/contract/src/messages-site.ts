/**
 * The part of the SPEC §8 catalogue the public site's content pages show (issue 12: pricing, courses,
 * agreements). Its own module so those pages, each within 120 KB gzip of JS, do not ship the whole
 * catalogue; `Msg` in messages.ts includes every entry here, so the server keeps using `Msg`.
 */
export const SiteMsg = {
  levelNotFound: '会员等级不存在',
  upgradeRequested: '升级申请已提交，工作人员会尽快与您联系开通',
  upgradeNotHigher: '请选择高于当前等级的套餐',
  paymentUnavailable: '当前未接入在线支付，升级申请将由工作人员人工开通',
  courseNotFound: '课程不存在',
  chapterSignIn: '该章节仅限会员观看，请先登录',
  agreementChanged: '协议已更新，请阅读最新版本后再同意',
} as const;
