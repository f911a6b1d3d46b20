import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { ConsolePath, PublicPath } from '@vidmatrix/contract/console-paths';
import styles from './ai-staff-header.module.css';

/** The AI staff members whose menu opens a feature with this header (SPEC §2.3 AI智能体员工). */
export const AI_STAFF = {
  lead: {
    name: 'AI获客员工',
    avatar: '/static/avatar/ai-lead.svg',
    text: '替你从评论、私信和直播间里找出意向客户：留资的客户自动进入线索列表，按来源和状态跟进。',
    links: [{ to: ConsolePath.customerChat, label: '客户消息' }],
  },
  service: {
    name: 'AI客服员工',
    avatar: '/static/avatar/ai-service.svg',
    text: '7×24 小时接待各平台私信：新消息实时汇总到这里，开启 AI客服后先由 AI 回复，你可以随时接管对话。',
    links: [{ to: ConsolePath.customerLeads, label: '客户线索' }],
  },
  operate: {
    name: 'AI运营员工',
    avatar: '/static/avatar/ai-operate.svg',
    text: '每次打开都检查你的矩阵：失效的账号授权、失败的发布和剪辑、发布页面的变化、等你回复的客户、快满的云空间，逐条列出并带你去处理。',
    links: [{ to: ConsolePath.accounts, label: '账号管理' }],
  },
  data: {
    name: 'AI数据员工',
    avatar: '/static/avatar/ai-data.svg',
    text: '每天为你写一份日报：各平台的发布和审核结果、新增线索、客户消息和回复、素材占用，并和前几天比较。',
    links: [{ to: PublicPath.largeDataScreen, label: '打开数据大屏' }],
  },
  publish: {
    name: 'AI发布员工',
    avatar: '/static/avatar/ai-publish.svg',
    text: '把剪好的视频按计划发到矩阵里的每一个账号：这里汇总排队、发布中、成功和失败的视频，接下来要发的帖子，以及不能发布的账号和离线的发布器，逐条带你去处理。',
    links: [
      { to: ConsolePath.batchPublish, label: '批量发布' },
      { to: ConsolePath.clipTasks, label: '剪辑任务' },
    ],
  },
} as const;

export type AiStaffKey = keyof typeof AI_STAFF;

/** A short header saying what this AI staff member does for the member, above the feature it presents. */
export function AiStaffHeader({
  staff,
  note,
  children,
}: {
  staff: AiStaffKey;
  /** A line under the description (e.g. the member's AI customer-service setting). */
  note?: ReactNode;
  children?: ReactNode;
}) {
  const { name, avatar, text, links } = AI_STAFF[staff];
  return (
    <>
      <section className={styles.header} data-testid="ai-staff-header">
        <img className={styles.avatar} src={avatar} alt="" width={56} height={56} />
        <div className={styles.body}>
          <h1>{name}</h1>
          <p>{text}</p>
          {note ? (
            <p className={styles.note} data-testid="ai-staff-note">
              {note}
            </p>
          ) : null}
        </div>
        <nav className={styles.links}>
          {links.map((link) => (
            <Link key={link.to} className={styles.link} to={link.to}>
              {link.label}
            </Link>
          ))}
        </nav>
      </section>
      {children}
    </>
  );
}
