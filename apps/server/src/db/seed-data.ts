import { AI_STAFF_MENU_IDS } from '@vidmatrix/contract/constants';
import { ConsolePath } from '@vidmatrix/contract/console-paths';

const GB = 1024 ** 3;

/** The 18 publishing platforms; ids are fixed (the client's rules name them). */
export const PLATFORMS: readonly { id: number; name: string; color: string }[] = [
  { id: 1, name: '抖音', color: '#111111' },
  { id: 2, name: '快手', color: '#ff5000' },
  { id: 3, name: '小红书', color: '#ff2442' },
  { id: 4, name: '视频号', color: '#fa9d3b' },
  { id: 5, name: '哔哩哔哩', color: '#00a1d6' },
  { id: 6, name: '抖音企业号', color: '#325ab4' },
  { id: 7, name: '微博', color: '#e6162d' },
  { id: 8, name: '西瓜视频', color: '#f04142' },
  { id: 9, name: '头条号', color: '#d43d3d' },
  { id: 10, name: '百家号', color: '#2932e1' },
  { id: 11, name: '知乎', color: '#0066ff' },
  { id: 12, name: '大鱼号', color: '#ff6a00' },
  { id: 13, name: '企鹅号', color: '#12b7f5' },
  { id: 14, name: '美拍', color: '#fc5c8c' },
  { id: 15, name: '好看视频', color: '#4e6ef2' },
  { id: 16, name: '快手企业号', color: '#ff7a00' },
  { id: 17, name: '搜狐号', color: '#f5a623' },
  { id: 18, name: '网易号', color: '#c4161c' },
];

/** Main console menus (ids 501–508), in sidebar order; icons are antd icon names. */
export const MAIN_MENUS = [
  { id: 501, name: '账号管理', url: ConsolePath.accounts, icon: 'TeamOutlined' },
  { id: 502, name: '素材列表', url: ConsolePath.materials, icon: 'PictureOutlined' },
  { id: 503, name: '背景音乐', url: ConsolePath.music, icon: 'CustomerServiceOutlined' },
  { id: 504, name: '批量发布', url: ConsolePath.batchPublish, icon: 'SendOutlined' },
  { id: 505, name: '剪辑任务', url: ConsolePath.clipTasks, icon: 'ScissorOutlined' },
  { id: 506, name: '客户消息', url: ConsolePath.customerChat, icon: 'MessageOutlined' },
  { id: 507, name: '客户线索', url: ConsolePath.customerLeads, icon: 'ContactsOutlined' },
  { id: 508, name: '帮助中心', url: ConsolePath.help, icon: 'QuestionCircleOutlined' },
] as const;

const [leadId, clipId, publishId, serviceId, operateId, dataId] = AI_STAFF_MENU_IDS;

/** The AI智能体员工 menus (ids fixed by the client's sidebar); `key` names the avatar file. */
export const AI_STAFF_MENUS = [
  { id: leadId, key: 'ai-lead', name: 'AI获客员工', url: ConsolePath.aiLead, color: '#ad6aff' },
  { id: clipId, key: 'ai-clip', name: 'AI剪辑员工', url: ConsolePath.aiClip, color: '#6a7dff' },
  { id: publishId, key: 'ai-publish', name: 'AI发布员工', url: ConsolePath.aiPublish, color: '#2fb8ac' },
  { id: serviceId, key: 'ai-service', name: 'AI客服员工', url: ConsolePath.aiService, color: '#ff8a3d' },
  { id: operateId, key: 'ai-operate', name: 'AI运营员工', url: ConsolePath.aiOperate, color: '#e5528b' },
  { id: dataId, key: 'ai-data', name: 'AI数据员工', url: ConsolePath.aiData, color: '#3d9bff' },
] as const;

/** Membership levels; space in bytes; server_runners 1: a self-hosted install's members publish through its server runners. */
export const LEVELS = [
  {
    id: 1,
    name: '体验版',
    account_num: 5,
    space_storage: 1 * GB,
    material_retention_days: 7,
    sort: 1,
    server_runners: 1,
  },
  {
    id: 2,
    name: '标准版',
    account_num: 50,
    space_storage: 50 * GB,
    material_retention_days: 90,
    sort: 2,
    server_runners: 1,
  },
  {
    id: 3,
    name: '旗舰版',
    account_num: 200,
    space_storage: 500 * GB,
    material_retention_days: 365,
    sort: 3,
    server_runners: 1,
  },
] as const;

/** The role every ordinary member holds; it is granted every seeded menu. */
export const MEMBER_ROLE = { id: 1, name: '会员' } as const;

/** Level of the seeded demo member. */
export const DEMO_LEVEL_ID = 2;
/** Level a self-registered member starts on. */
export const REGISTER_LEVEL_ID = 1;
/** How long a self-registered trial lasts, ms (7 days). */
export const REGISTER_TRIAL_MS = 7 * 24 * 60 * 60_000;
/** How long the seeded demo membership lasts, ms (one year). */
export const DEMO_MEMBERSHIP_MS = 365 * 24 * 60 * 60_000;
