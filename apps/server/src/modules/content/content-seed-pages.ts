// The seeded public pages and help articles (content-seed.ts seeds them with the rest); operators change
// them with `npm run admin -- content import <dir>`.
import { seedDoc as doc, type ContentDoc } from './content-files.ts';

/** The agreements (用户协议, 隐私政策), the product pages and the agent programme. */
export const SITE_PAGES: readonly ContentDoc[] = [
  doc(
    'agreement',
    'user-agreement-1.0',
    '用户协议',
    { version: '1.0', date: '2026-11-24' },
    `
## 一、协议的范围
本协议是您与 AI获客矩阵（以下简称"本平台"）之间关于使用本平台网页端、桌面客户端及相关服务的约定。注册或登录即表示您已阅读并同意本协议。

## 二、账号与安全
1. 您应使用真实信息注册，妥善保管账号与密码，因保管不善造成的损失由您自行承担。
2. 您在本平台授权的第三方平台账号（抖音、快手、小红书、视频号、哔哩哔哩等），其登录信息仅保存在您使用的桌面客户端或发布器中，用于执行您创建的发布任务。

## 三、内容规范
您上传、剪辑和发布的内容应遵守法律法规及各平台规则，不得侵犯他人的著作权、肖像权等合法权益。本平台仅提供工具，不对您发布的内容承担责任。

## 四、会员与费用
会员等级决定可管理的账号数量、云空间容量与素材保存时长，以价格页公布的为准。当前未接入在线支付，升级申请由工作人员人工开通。

## 五、协议的变更
本协议更新后，您再次登录时将看到新版本，同意后方可继续使用。
`,
  ),
  doc(
    'privacy',
    'privacy-1.0',
    '隐私政策',
    { version: '1.0', date: '2026-11-24' },
    `
## 我们收集的信息
- 账号信息：账号、昵称、头像、手机号
- 登录信息：登录设备、IP 地址与时间，用于展示您的登录会话并保障账号安全
- 您上传的素材与剪辑成片，仅用于为您提供存储、剪辑与发布服务

## 我们如何使用
我们不会向第三方出售您的个人信息。素材存储在您所在部署的对象存储中，退出登录会清除本机保存的登录凭证。

## 您的权利
您可以在个人中心修改资料、结束其他设备的登录会话，或联系客服注销账号。
`,
  ),
  doc(
    'product',
    'matrix',
    '一个人管理上百个账号',
    { link: '/account/index' },
    `
抖音、快手、小红书、视频号、哔哩哔哩等平台账号集中管理，分组、批量导入、授权状态一目了然。
`,
    1,
  ),
  doc(
    'product',
    'clip',
    '8 种 AI 剪辑模式',
    { link: '/clip/TaskList' },
    `
批量混剪、脚本剪辑、CP拆拼、口播、图文成片、一键成片、AI剪辑、分组混剪：一份素材生成几十条不重复的视频，配音与字幕自动完成。
`,
    2,
  ),
  doc(
    'product',
    'publish',
    '定时批量发布',
    { link: '/publish/batch' },
    `
视频 × 账号一次排好，按间隔错峰发布；失败只重发失败的那一条，需要验证码时在控制台直接处理。
`,
    3,
  ),
  doc(
    'product',
    'leads',
    'AI客服与客户线索',
    { link: '/customer/chat' },
    `
私信实时汇总到一个窗口，AI客服自动回复，留资的客户自动进入线索列表。
`,
    4,
  ),
  doc(
    'agent',
    'programme',
    '代理商计划',
    {},
    `
成为代理商后，您可以用自己的品牌名称、Logo 和域名向客户提供 AI获客矩阵，客户在您的域名注册即归属于您。
`,
    1,
  ),
];

/** The help centre's articles (/operate/Help): buttons named exactly as the console shows them. */
export const HELP_ARTICLES: readonly ContentDoc[] = [
  doc(
    'help',
    'add-account',
    '如何添加和导入账号',
    { feature: '账号管理', link: '/account/index' },
    `
进入「账号管理」，点击「添加账号」填写昵称和平台；账号较多时点击「导入」，下载模板填好后上传（单个文件不超过 10 MB）。
`,
    1,
  ),
  doc(
    'help',
    'authorize-account',
    '账号授权过期怎么办',
    { feature: '账号管理', link: '/account/index' },
    `
授权状态为「授权过期」或「未授权」时，在账号管理中点击「重新授权」：页面会显示平台的登录二维码，用手机App扫码即可，成功后显示「授权成功」。桌面客户端会在弹出的浏览器中完成同样的步骤。没有可用的发布器时页面会提示：请下载桌面客户端，或联系管理员开通服务器发布。
`,
    2,
  ),
  doc(
    'help',
    'upload-material',
    '上传素材失败或黑屏',
    { feature: '素材库', link: '/material/index' },
    `
单个文件最大 300 MB。上传后黑屏或无法播放时，请先将视频转码为 H.264 编码的 MP4 再上传。云空间不足时请升级会员等级。
`,
    3,
  ),
  doc(
    'help',
    'clip-task',
    '创建批量混剪任务',
    { feature: '剪辑任务', link: '/clip/TaskList' },
    `
在「剪辑任务」点击「新建剪辑任务」，选择「批量混剪」，选择模板和素材后提交；任务列表中可以看到进度，成片自动进入素材库。
`,
    4,
  ),
  doc(
    'help',
    'batch-publish',
    '批量发布与发布器',
    { feature: '批量发布', link: '/publish/batch' },
    `
批量发布需要一个在线的发布器：会员等级包含服务器发布时，平台的服务器发布器会自动为您授权账号和发布；也可以下载并登录桌面客户端，由您的电脑发布。「发布器」标签页列出可用的发布器、它们的状态和正在发布的任务。
`,
    5,
  ),
  doc(
    'help',
    'customer-chat',
    '客户消息与AI客服',
    { feature: '客户消息', link: '/customer/chat' },
    `
各平台私信汇总在「客户消息」，新消息会有桌面通知。开启 AI客服后，客户咨询会先由 AI 回复。
`,
    6,
  ),
];
