import { AI_STAFF_MENU_IDS } from './constants.ts';
import { ConsolePath } from './console-paths.ts';

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
