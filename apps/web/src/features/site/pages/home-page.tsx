import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { PublicPath } from '@vidmatrix/contract/console-paths';
import {
  ArrowRightIcon,
  ChartIcon,
  ChatIcon,
  CheckIcon,
  ClipIcon,
  MagnetIcon,
  MatrixIcon,
} from '../../../components/icons.tsx';
import { useSiteName } from '../../../lib/site-name.ts';
import styles from './home-page.module.css';

const PLATFORMS = [
  { name: '抖音', mark: '抖', color: '#111' },
  { name: '快手', mark: '快', color: '#ff5a1f' },
  { name: '小红书', mark: '红', color: '#ff2442' },
  { name: 'B站', mark: 'B', color: '#00a1d6' },
  { name: '视频号', mark: '视', color: '#fa9d3b' },
];

const TILES = [
  { bg: 'linear-gradient(160deg,#ff8a9b,#a03cff)', label: '抖音', views: '12.8w' },
  { bg: 'linear-gradient(160deg,#ffb36b,#ff5a1f)', label: '快手', views: '8.4w' },
  { bg: 'linear-gradient(160deg,#ff7a8a,#ff2442)', label: '小红书', views: '5.1w' },
  { bg: 'linear-gradient(160deg,#6fd3ff,#2374ff)', label: 'B站', views: '3.9w' },
  { bg: 'linear-gradient(160deg,#ffd36b,#fa9d3b)', label: '视频号', views: '6.2w' },
  { bg: 'linear-gradient(160deg,#c08cff,#5b2bb5)', label: '抖音', views: '9.7w' },
];

const STATS = [
  { value: '5+', label: '主流短视频平台' },
  { value: '1000+', label: '单人可管理账号' },
  { value: '7×24', label: 'AI客服在线接待' },
  { value: '3倍', label: '平均获客效率提升' },
];

const FEATURES: { icon: ReactNode; color: string; title: string; text: string; points: string[] }[] = [
  {
    icon: <MatrixIcon size={24} />,
    color: 'linear-gradient(135deg,#c08cff,#8a4cf0)',
    title: '矩阵批量发布',
    text: '一个后台统一管理抖音、快手、小红书、B站、视频号的海量账号，分组管理、定时批量发布。',
    points: ['账号分组与授权状态一目了然', '一键批量分发，告别重复上传', '发布任务实时追踪'],
  },
  {
    icon: <ClipIcon size={24} />,
    color: 'linear-gradient(135deg,#7fd8ff,#2374ff)',
    title: 'AI智能剪辑',
    text: '素材一次上传，AI自动混剪、口播、图文成片，批量产出不重复的原创短视频。',
    points: ['多种剪辑模式一键成片', '智能配乐与字幕', '云端素材库统一管理'],
  },
  {
    icon: <ChatIcon size={24} />,
    color: 'linear-gradient(135deg,#6dffb0,#16b46c)',
    title: 'AI智能客服',
    text: '私信、评论由AI员工7×24小时自动回复，话术可训练，不错过任何一个意向客户。',
    points: ['多平台私信统一收件箱', '意向识别自动跟进', '人工随时接管对话'],
  },
  {
    icon: <MagnetIcon size={24} />,
    color: 'linear-gradient(135deg,#ffb36b,#ff5a1f)',
    title: '精准线索获取',
    text: '从评论、私信、直播间中自动沉淀客户线索，留资信息实时推送给销售团队。',
    points: ['线索自动打标签', '留资实时提醒', '转化漏斗清晰可查'],
  },
  {
    icon: <ChartIcon size={24} />,
    color: 'linear-gradient(135deg,#ff8ad8,#c03cff)',
    title: '数据大屏',
    text: '播放、互动、线索、转化全链路数据汇总，一张大屏看清每个账号的经营成果。',
    points: ['账号表现排行', '内容效果分析', '团队绩效统计'],
  },
  {
    icon: <CheckIcon size={24} />,
    color: 'linear-gradient(135deg,#ffd36b,#f0a020)',
    title: '桌面客户端',
    text: 'Windows / Mac 客户端支持本地浏览器授权账号、字体与任务同步，稳定高效。',
    points: ['本地浏览器安全授权', '自动更新', '超级终端助手'],
  },
];

const STEPS = [
  { title: '绑定账号', text: '授权接入各平台账号，按业务分组管理。' },
  { title: '上传素材', text: '视频、图片、音乐统一进入云端素材库。' },
  { title: 'AI批量成片', text: '选择剪辑模式，AI批量生成原创视频。' },
  { title: '发布与获客', text: '矩阵分发，AI客服接待，线索自动沉淀。' },
];

/** The public landing page of the product (no antd: it must stay inside the /home bundle budget). */
export function HomePage() {
  const siteName = useSiteName();
  return (
    <>
      <section className={styles.hero}>
        <div className={styles.heroInner}>
          <div>
            <span className={styles.eyebrow}>
              <span className={styles.eyebrowDot} />
              短视频矩阵 · AI获客一站式平台
            </span>
            <h1 className={styles.title}>
              一个人运营千个账号
              <br />
              <span className={styles.gradientText}>让AI替你获客</span>
            </h1>
            <p className={styles.lead}>
              {siteName}打通抖音、快手、小红书、B站、视频号，集矩阵批量发布、AI智能剪辑、AI客服与线索获取于一体，
              让内容生产和客户转化全自动运转。
            </p>
            <div className={styles.ctas}>
              <Link className={styles.primary} to={PublicPath.register}>
                免费开始使用
                <ArrowRightIcon size={18} />
              </Link>
              <Link className={styles.secondary} to={PublicPath.dashboard}>
                了解AI获客智能体
              </Link>
            </div>
            <div className={styles.platforms}>
              <span>已支持</span>
              {PLATFORMS.map((p) => (
                <span key={p.name} className={styles.platform}>
                  <span className={styles.platformMark} style={{ background: p.color }}>
                    {p.mark}
                  </span>
                  {p.name}
                </span>
              ))}
            </div>
          </div>
          <div className={styles.mock} aria-hidden="true">
            <div className={styles.mockBar}>
              <span />
              <span />
              <span />
            </div>
            <div className={styles.mockGrid}>
              {TILES.map((tile, i) => (
                <div key={i} className={styles.tile} style={{ background: tile.bg }}>
                  <div className={styles.tileMeta}>
                    <span>{tile.label}</span>
                    <span>▶ {tile.views}</span>
                  </div>
                </div>
              ))}
            </div>
            <div className={`${styles.floatCard} ${styles.floatLeft}`}>
              <span className={styles.floatIcon}>
                <MagnetIcon size={18} />
              </span>
              <span>
                今日新增线索
                <strong>+128</strong>
              </span>
            </div>
            <div className={`${styles.floatCard} ${styles.floatRight}`}>
              <span className={styles.floatIcon}>
                <MatrixIcon size={18} />
              </span>
              <span>
                批量发布完成
                <strong>36 / 36</strong>
              </span>
            </div>
          </div>
        </div>
      </section>

      <div className={styles.stats}>
        {STATS.map((s) => (
          <div key={s.label} className={styles.stat}>
            <div className={styles.statValue}>{s.value}</div>
            <div className={styles.statLabel}>{s.label}</div>
          </div>
        ))}
      </div>

      <section className={styles.section}>
        <div className={styles.sectionHead}>
          <h2>从内容生产到客户转化，一站搞定</h2>
          <p>六大核心能力，覆盖短视频获客全流程</p>
        </div>
        <div className={styles.features}>
          {FEATURES.map((f) => (
            <article key={f.title} className={styles.feature}>
              <span className={styles.featureIcon} style={{ background: f.color }}>
                {f.icon}
              </span>
              <h3>{f.title}</h3>
              <p>{f.text}</p>
              <ul className={styles.points}>
                {f.points.map((point) => (
                  <li key={point}>
                    <CheckIcon size={14} />
                    {point}
                  </li>
                ))}
              </ul>
            </article>
          ))}
        </div>
      </section>

      <section className={styles.section}>
        <div className={styles.sectionHead}>
          <h2>四步开启AI获客</h2>
          <p>无需专业团队，当天上手</p>
        </div>
        <div className={styles.steps}>
          {STEPS.map((step, i) => (
            <div key={step.title} className={styles.step}>
              <div className={styles.stepNo}>0{i + 1}</div>
              <h3>{step.title}</h3>
              <p>{step.text}</p>
            </div>
          ))}
        </div>
      </section>

      <section className={styles.cta}>
        <div>
          <h2>现在加入，让每条视频都带来客户</h2>
          <p>注册即可体验矩阵发布、AI剪辑与AI客服。</p>
        </div>
        <Link className={styles.ctaButton} to={PublicPath.register}>
          立即注册
          <ArrowRightIcon size={18} />
        </Link>
      </section>
    </>
  );
}
