/**
 * The lead part of the SPEC §8 catalogue (issue 23): what a member and a runner read about harvested
 * comments and messages and the leads found in them. `Msg` in messages.ts includes every entry here.
 */
export const LeadMsg = {
  leadKindPhone: '手机号',
  leadKindWechat: '微信',
  leadKindQq: 'QQ',
  leadIntentHigh: '高意向',
  leadIntentMedium: '有意向',
  leadIntentLow: '低意向',
  leadIntentNone: '无意向',
  leadCategoryPurchase: '购买',
  leadCategoryInquiry: '咨询',
  leadCategoryPartnership: '合作',
  leadCategoryContact: '留资',
  leadCategoryAfterSales: '售后',
  leadCategoryChitchat: '闲聊',
  leadCategorySpam: '广告',
  leadSourceComment: '评论',
  leadSourceMessage: '私信',
  harvestAccountNotOwned: '账号不存在或不属于该发布器的会员，采集内容未保存',
  harvestLevelRefused: '会员等级「{level}」不含服务器采集，采集内容未保存',
  harvestTooManyItems: '每次最多提交{n}条评论或私信',
  harvestSourceMismatch: '评论和私信请分开提交，每条的来源须与本次提交的来源一致',
  harvestItemIdRequired: '每条评论或私信都须带平台上的编号（item_id）',
  harvestAuthorRequired: '每条评论或私信都须带作者编号（author_id）',
  harvestFieldTooLong: '评论或私信的编号、作者或作品信息过长',
  harvestTextTooLong: '评论或私信内容过长，每条最多{n}字',
  harvestCursorTooLong: '采集位置（cursor）过长',
  harvestTimeInvalid: '评论或私信的时间无效',
} as const;
