import { AiStaffMsg } from './messages-ai-staff.ts';
import { AuthMsg } from './messages-auth.ts';
import { CoreMsg } from './messages-core.ts';
import { LeadMsg } from './messages-lead.ts';
import { ReplyMsg } from './messages-reply.ts';
import { SiteMsg } from './messages-site.ts';

/**
 * The SPEC §8 message catalogue: every Chinese text a user reads from the server or the client.
 * Text lives here once (the shell's share in messages-core.ts, the public site's in messages-site.ts,
 * the sign-in forms' in messages-auth.ts); templates are filled with fillMsg.
 */
export const Msg = {
  // Login, session, transport and router (§2.2, §4, §8): in messages-core.ts
  ...CoreMsg,

  // Upload (§5.1, §5.2, §8)
  uploadFailed: '上传失败',
  unsupportedFormat: '不支持该格式',
  gifNotSupported: '不支持gif格式的图片',
  fileTooLarge: '文件大小不超过{n}MB!',
  imageOrFileTooLarge: '图片/文件大小不超过{n}MB!',
  tooManyFiles: '最多上传{limit}个文件',
  tooManyImagesOrFiles: '最多上传{n}个图片/文件',
  spaceExceeded: '您的账号云空间容量已超过限制!',
  fileRequired: '请上传文件',
  importFileRequired: '请上传相关文件',

  // Selection (§8)
  overLimit: '超出个数限制',
  chooseMaterial: '请选择素材',

  // Forms (§5.3)
  groupNameRequired: '请输入分组名称',
  tagNameRequired: '请输入标签名称',

  // Authorization (§4, §5.4)
  clientOnly: '请在客户端进行操作',
  authSuccess: '授权成功',
  publishAuthExpired: '该账号发布授权过期',
  notAuthorized: '该账号未授权',
  platformAuthExpired: '该账号平台授权过期',

  // Copy (§8)
  copied: '复制成功',
  copyFailed: '复制失败',

  // Success messages (§8)
  uploaded: '上传成功',
  added: '添加成功',
  updated: '修改成功',
  deleted: '删除成功！',
  downloaded: '下载完成',

  // Material library (§2.4): the transcode tip and the card states of the media job
  transcodeTip: '提示：若视频上传后出现黑屏或无法播放，请先将视频转码为 H.264 编码的 MP4 后再上传。',
  mediaProcessing: '处理中',
  mediaFailed: '处理失败',

  // Delete confirmation (§8)
  deleteMaterialConfirm: '素材删除后无法恢复且会导致选中该素材的剪辑任务剪辑失败，确定删除该素材？',
  deleteMaterialsConfirm: '素材删除后无法恢复且会导致选中该素材的剪辑任务剪辑失败，确定删除选中的素材？',

  // Import (§8)
  importSummary: '成功新增 {add} 条数据，更新 {update} 条数据，导入失败 {fail} 条数据。',

  // Desktop and update (§2.3, §4)
  newMessage: '您有新消息',
  latestVersion: '当前已是最新版本',

  // Messages the spec implies but does not word: sign-in, register, password (issue 2): in messages-auth.ts
  ...AuthMsg,
  invalidParams: '参数错误',
  notFound: '数据不存在',

  // Harvested comments and messages, and the leads in them (issue 23): in messages-lead.ts
  ...LeadMsg,
  // The AI数据员工's daily report and the AI运营员工's to-do list (issue 25): in messages-ai-staff.ts
  ...AiStaffMsg,
  // Reply rules, automatic replies and approvals (issue 23): in messages-reply.ts
  ...ReplyMsg,

  // Customer messages, webhook and leads (issue 5)
  replyRequired: '请输入回复内容',
  messageTooLong: '消息内容过长',
  sent: '发送成功',
  deliveryPending: '发送中',
  deliverySent: '已送达',
  deliveryFailed: '发送失败',
  connectorUnavailable: '该账号暂不支持发送私信',
  webhookSignatureInvalid: '签名校验失败',
  webhookExpired: '请求已过期',
  webhookReplayed: '重复的请求',
  webhookAccountNotOwned: '企业账号不存在或不属于该会员',
  secretRotated: '密钥已更新',
  leadNew: '新线索',
  leadContacted: '已联系',
  leadWon: '已成交',
  leadLost: '已流失',

  // Batch publishing and runners (issue 10)
  chooseVideo: '请选择视频',
  publishNotVideo: '素材「{video}」不是视频，不能发布',
  publishCoverNotImage: '素材「{file}」不是图片，不能作为封面',
  publishPlatformUnsupported: '账号「{account}」所在平台暂不支持发布',
  publishAccountNotSelectable: '账号「{account}」不能选择：{reason}',
  publishRuleBroken: '视频「{video}」不能发布到账号「{account}」：{rule}',
  publishTooManyJobs: '一次最多发布{n}个任务，请减少视频或账号',
  publishRuleTitleTooShort: '标题至少{limit}个字，当前{actual}个字',
  publishRuleTitleTooLong: '标题最多{limit}个字，当前{actual}个字',
  publishRuleDescriptionTooLong: '描述最多{limit}个字，当前{actual}个字',
  publishRuleTooManyTopics: '话题最多{limit}个，当前{actual}个',
  publishRuleFormat: '仅支持{limit}格式，当前为{actual}',
  publishRuleTooLarge: '文件不能超过{limit}MB',
  publishRuleTooLong: '视频时长不能超过{limit}分钟',
  publishRuleScheduleTooSoon: '定时发布时间至少要在{limit}分钟之后',
  publishRuleScheduleTooFar: '定时发布时间不能超过{limit}天之后',
  publishActionTimeout: '10分钟内未处理，发布失败',
  publishUnconfirmed: '请先检查账号再重发',
  publishJobChanged: '任务状态已变化，请刷新后重试',
  publishNothingToRetry: '没有可重发的失败任务',
  runnerNameRequired: '请输入发布器名称',
  runnerTokenInvalid: '发布器令牌无效或已吊销',
  runnerLeaseLost: '任务已不归该发布器处理',
  // Server runners (issue 22): a level decides whether they serve a member; what to do without a runner
  serverRunnerLevelRefused: '当前会员等级「{level}」不含服务器发布，请使用桌面客户端授权，或联系管理员开通',
  runnerNoneTitle: '暂时没有可用的发布器，账号授权和发布都需要它',
  runnerNoneDesktop: '下载并登录桌面客户端，客户端会在您的电脑上完成扫码授权和发布。',
  runnerNoneDesktopMissing: '桌面客户端即将上线，请留意下载页。',
  runnerNoneOperator: '不便安装客户端时，请联系管理员开通服务器发布。',
  runnerLevelNoServer: '当前会员等级「{level}」不含服务器发布：请使用桌面客户端，或联系管理员升级会员等级。',
  publishAccountCoolingDown: '账号「{account}」触发平台风控，暂停发布至{until}',
  publishMaterialMissing: '素材不存在或已被删除',
  publishCoverMissing: '封面不存在或已被删除',
  publishFailRule: '视频不符合平台的发布规则',
  publishFailLoggedOut: '账号登录已失效，请重新授权',
  publishFailUpload: '视频上传失败',
  publishFailUploadTimeout: '视频上传超时',
  publishFailProcessing: '平台处理视频超时',
  publishFailFill: '填写发布信息失败，平台页面可能已变化',
  publishFailSchedule: '定时发布时间未能设置',
  publishFailRejected: '平台拒绝了这次发布',
  publishFailRateLimited: '平台提示操作频繁，请稍后再发',
  publishFailNoAnswer: '平台未及时响应发布',
  publishFailNeedsAction: '平台要求验证，请在发布列表中处理',
  publishFailCancelled: '已取消',
  publishFailTimeout: '发布超时',
  publishFailProfileBusy: '该账号正由另一个发布器使用，本次未能发布',
  publishFailed: '发布失败',

  // Social accounts, groups, authorization, import and export (issue 4)
  accountNicknameRequired: '请输入账号昵称',
  platformRequired: '请选择平台',
  platformUnknown: '平台不存在',
  textTooLong: '输入内容过长',
  accountExists: '该平台下已存在同名账号',
  accountNotOwned: '账号不存在或无权操作该账号',
  parentAccountInvalid: '主账号不存在或无权操作该账号',
  subAccountNested: '子账号下不能再添加子账号',
  groupNotOwned: '分组不存在或无权操作该分组',
  groupExists: '分组名称已存在',
  tagExists: '标签名称已存在',
  selectAccounts: '请选择账号',
  accountQuotaExceeded: '账号数量已达上限（{limit}个），请升级会员等级',
  accountQuotaLeft: '剩余可添加账号 {n} 个',
  importNotSpreadsheet: '文件不是有效的Excel表格，请上传.xls或.xlsx文件',
  importLegacyXls: '暂不支持旧版.xls格式的内容，请在Excel中另存为.xlsx后导入',
  importEmpty: '文件中没有可导入的数据',
  importHeaderMismatch: '表头不正确，请使用模板，表头应为：{headers}',
  importRowNicknameRequired: '昵称不能为空',
  importRowPlatformUnknown: '平台不存在：{name}',
  importRowTooLong: '{field}过长',
  importRowDuplicate: '与第{row}行重复',
  importRowQuota: '账号数量已达上限',
  emptyCell: '（空）',
  importFailReason: '失败原因',
  importFailedDownload: '下载导入失败的数据',
  importFailedHint: '部分数据导入失败，请下载失败数据查看原因',
  authUnauthorized: '未授权',
  authAuthorized: '已授权',
  authExpired: '授权过期',
  accessOk: '访问正常',
  accessAbnormal: '访问异常',
  authReasonClient: '客户端重新授权',
  authReasonCheckValid: '客户端检测：授权有效',
  authReasonCheckExpired: '客户端检测：授权已过期',
  authReasonManual: '手动设置',
  allGroups: '全部分组',
  noGroup: '未分组',
  groupDeleteConfirm: '删除分组后，该分组下的账号将移至未分组，确定删除？',
  accountDeleteConfirm: '账号删除后无法恢复，其子账号也会一并删除，确定删除选中的账号？',
  accountSheetName: '账号列表',

  // Clip tasks (issue 9): refusals, voice and script writer (the modes' names and the page titles:
  // messages-core.ts, for the router)
  clipTemplateMissing: '模板不存在或已被删除，请重新选择模板',
  clipTemplateLoadFailed: '模板加载失败，请重试',
  clipTooMany: '素材最多可以生成{n}个不重复的视频，请减少数量或添加素材',
  clipMaxVideos: '所选素材最多可以生成{n}个不重复的视频',
  clipExhausted: '这些素材的组合已全部生成过，请添加新素材',
  clipMaterialMissing: '素材不存在或已被删除',
  clipMaterialTooShort: '视频素材过短，无法剪辑',
  clipNoShots: '未能从视频中检测到镜头',
  clipScriptRequired: '请输入文案',
  clipRenderFailed: '视频合成失败',
  clipRenderTimeout: '视频合成超时',
  clipRenderStalled: '视频合成超过{n}秒没有进展，已停止，请稍后重试',
  clipCanceled: '已取消',
  clipRoboticVoice: '当前为离线合成语音（机器音），仅适合预览；正式配音请配置语音合成服务',
  /** 口播 without speech recognition: the subtitles are the typed script or none. */
  clipNoTranscriber: '未配置语音识别服务：字幕只按填写的口播文案生成，不填文案则成片没有字幕',
  /** 口播 with speech recognition (the service is not named: its name is the operator's model id). */
  clipTranscriberOn: '不填文案时，由语音识别服务从口播原声生成字幕',
  /** CP拆拼 with 保留原声, speech recognition configured (the service unnamed, as above). */
  clipSourceTranscriberOn: '保留原声时，由语音识别服务从原声生成字幕，随镜头出现',
  /** CP拆拼 without speech recognition: 保留原声 keeps the sound, without subtitles. */
  clipSourceNoTranscriber: '未配置语音识别服务：保留原声的视频不生成字幕',
  clipVoiceAuthFailed: '语音合成服务认证失败，请检查服务器的语音合成密钥和区域设置',
  clipVoiceRejected: '语音合成服务拒绝了请求，请检查服务器的语音设置',
  clipVoiceFailed: '语音合成失败，请稍后重试',
  clipWriterNotConfigured: '文案生成尚未开通，请联系管理员开通文案生成',
  clipWriterFailed: '文案生成失败，请稍后重试',
  clipMainNoAudio: '口播视频没有声音，请选择带口播声音的视频',
  clipTemplateNameRequired: '请输入模板名称',
  clipProductRequired: '请输入产品名称',
  clipModelRequired: '请选择剪辑模式',
  clipNameRequired: '请输入任务名称',
  clipNameTooLong: '任务名称不超过{n}个字',
  clipCountRange: '生成数量需在 1–{n} 之间',
  clipSeedInvalid: '随机种子需为 0–4294967295 之间的整数',
  clipSegmentsRange: '每个视频的片段数需在 {min}–{max} 之间',
  clipSegmentSecondsRange: '片段时长需在 {min}–{max} 秒之间',
  clipLineTooLong: '每句文案不超过{n}个字',
  clipTitleTooLong: '标题不超过{n}个字',
  clipFontRequired: '请选择字体',
  clipFontMissing: '字体不存在',
  clipMusicMissing: '音乐不存在或已被删除',
  clipTooManyMusic: '背景音乐最多选择{n}首',
  clipAspectInvalid: '画面比例需为 9:16、16:9、1:1 或 3:4',
  clipResolutionInvalid: '清晰度需为 720P 或 1080P',
  clipTemplateLimit: '最多保存{n}个模板，请先删除不用的模板',
  clipTemplateSaved: '模板已保存',
  // Voice, subtitle and title styles, logo per clip task (issue 24): each names the field it refuses
  clipVoiceUnknown: '配音音色不存在，请重新选择',
  clipVoiceSpeedRange: '配音语速需在 {min}–{max} 倍之间',
  clipVoiceVolumeRange: '配音音量需在 {min}%–{max}% 之间',
  clipVoicePreviewText: '欢迎来到我们的直播间，今天全场商品限时优惠。',
  clipSubtitleSizeRange: '字幕字号需在 {min}–{max} 之间',
  clipTitleSizeRange: '标题字号需在 {min}–{max} 之间',
  clipTextColorInvalid: '颜色需为 #RRGGBB 格式，例如 #FFE400',
  clipStrokeRange: '描边宽度需在 0–{max} 之间',
  clipBoxOpacityRange: '背景框不透明度需在 0–100% 之间',
  clipTextYRange: '文字位置需在画面高度的 {min}%–{max}% 之间',
  clipTitlesTooMany: '标题最多{n}个',
  clipLogoMissing: '台标图片不存在或已被删除，请从素材库选择图片',
  clipLogoSizeRange: '台标大小需在画面宽度的 {min}%–{max}% 之间',
  clipLogoOpacityRange: '台标不透明度需在 10%–100% 之间',
  clipLogoCornerInvalid: '台标位置需为左上、右上、左下或右下',
  // Desktop shell: local-browser authorization and the browser setting (issue 11)
  desktopAuthUnsupported: '该平台暂不支持客户端授权',
  desktopAuthTimeout: '扫码登录超时，请重新授权',
  desktopAuthFailed: '授权失败，请重试',
  desktopAuthBusy: '该账号正在授权或发布中，请稍后再试',
  chromiumNotFound: '未找到可用的浏览器，请在系统设置中设置浏览器路径',
  chromiumLaunchFailed: '无法启动该浏览器，请检查浏览器路径',
  // The shell's update check and download when the cause is a library's English error (§8 words the rest)
  updateCheckFailed: '检查更新失败，请稍后重试',
  updateDownloadFailed: '更新下载失败，请稍后重试',
  // §6 feature flags: batch download (is_batch_download, batch_download_max) and proxies (is_ip) (issue 13.12)
  batchDownloadOff: '当前账号未开通批量下载',
  batchDownloadTooMany: '一次最多下载{n}个素材',
  proxyNotAllowed: '当前账号未开通代理IP',
  // Public site content (issue 12): pricing, courses, agreements: in messages-site.ts
  ...SiteMsg,
  // User centre and agents (issue 12)
  nicknameRequired: '请输入昵称',
  phoneFormat: '请输入正确的手机号',
  imageRequired: '请选择图片',
  imageFormat: '仅支持 PNG、JPG、WEBP 格式的图片',
  imageTooLarge: '图片大小不超过1MB!',
  sessionEnded: '已退出该设备',
  aiServiceNameRequired: '请输入AI客服名称',
  aiServiceLinkHttps: '请输入以 https:// 开头的AI客服链接',
  aiServiceSaved: 'AI客服设置已保存',
  agentCompanyRequired: '请输入公司名称',
  agentContactRequired: '请输入联系人',
  agentNameRequired: '请输入品牌名称',
  agentApplied: '申请已提交，我们会尽快与您联系',
  agentApplyPending: '您的申请正在审核中，请耐心等待',
  alreadyAgent: '您已经是代理商',
  agentOnly: '仅代理商可以操作',
  domainFormat: '请输入正确的域名，例如 www.example.com',
  domainTaken: '该域名已被其他代理商使用',
  // Account authorization through a runner (issue 10, §4)
  authRunnerQrPrompt: '请使用{platform}App扫码登录',
  authRunnerWaiting: '正在打开登录页，请稍候',
  authSmsPrompt: '{platform}已向账号绑定的手机发送短信验证码，请输入',
  authSmsCodeFormat: '短信验证码应为4到8位数字',
  authSmsNotAsked: '该授权当前不需要短信验证码',
  authSmsChecking: '正在验证短信验证码，请稍候',
  authSmsCodeRefused: '短信验证码错误，请核对短信后重新输入',
  authRunnerFailed: '授权失败：{reason}',
  authRunnerTimeout: '扫码登录超时，请重新授权',
  authRequestEnded: '授权请求已结束，请重新授权',
  authNeedsReauth: '以下账号授权已失效，请重新授权：{accounts}',
  authReasonRunnerLogin: '发布器扫码授权',
  authReasonJobLoggedOut: '发布前登录检查：授权已过期',
  authReasonSweepValid: '每日登录检查：授权有效',
  authReasonSweepExpired: '每日登录检查：授权已过期',
} as const;

export type MsgKey = keyof typeof Msg;

export { fillMsg } from './messages-core.ts';
