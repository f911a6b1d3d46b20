import { useState } from 'react';
import { Link } from 'react-router';
import type { PricingLevel } from '@vidmatrix/contract/api/content';
import { PublicPath } from '@vidmatrix/contract/console-paths';
import { SiteMsg as Msg } from '@vidmatrix/contract/messages-site';
import { formatBytes } from '@vidmatrix/contract/rules/format';
import { requestUpgrade, usePricing } from '../api/get-pricing.ts';
import { PageHero, QueryState } from '../components/page-parts.tsx';
import styles from './content-page.module.css';

/** Price in fen as shown on the card. */
function priceText(fen: number): string {
  return fen === 0 ? '免费' : `¥${(fen / 100).toLocaleString('zh-CN')}`;
}

/** A request's progress: nothing sent, sending, sent, or the server's refusal. */
type Upgrade = { state: 'idle' | 'sending' | 'sent' } | { state: 'failed'; message: string };

function LevelAction({ level, current }: { level: PricingLevel; current: PricingLevel | undefined }) {
  const [upgrade, setUpgrade] = useState<Upgrade>({ state: 'idle' });
  const send = () => {
    setUpgrade({ state: 'sending' });
    requestUpgrade(level.level_id).then(
      () => setUpgrade({ state: 'sent' }),
      (error: unknown) =>
        setUpgrade({ state: 'failed', message: error instanceof Error ? error.message : String(error) }),
    );
  };
  if (!current) {
    return (
      <Link
        className={styles.button}
        to={`${PublicPath.homeLogin}?redirect=${encodeURIComponent(PublicPath.subscribe)}`}
      >
        登录后升级
      </Link>
    );
  }
  if (level.level_id === current.level_id) {
    return (
      <button type="button" className={styles.button} disabled>
        当前版本
      </button>
    );
  }
  if (level.price <= current.price) {
    return null;
  }
  const sent = upgrade.state === 'sent';
  return (
    <>
      <button type="button" className={styles.button} disabled={upgrade.state === 'sending' || sent} onClick={send}>
        {sent ? '已提交申请' : '申请升级'}
      </button>
      {sent ? <p className={styles.status}>{Msg.upgradeRequested}</p> : null}
      {upgrade.state === 'failed' ? (
        <p className={styles.error} role="alert">
          {upgrade.message}
        </p>
      ) : null}
    </>
  );
}

/** /subscribe: the membership levels side by side, as the server enforces them; upgrading is a request. */
export function SubscribePage() {
  const query = usePricing();
  return (
    <>
      <PageHero title="选择适合你的版本" text="账号数量、云空间与素材保存时长，均以服务器实际执行的会员等级为准。" />
      <div className={styles.wrap}>
        <QueryState query={query} empty="暂无可选版本">
          {(pricing) => {
            const current = pricing.levels.find((l) => l.level_id === pricing.current_level_id);
            return (
              <>
                {pricing.payment_available ? null : (
                  <p className={styles.notice} data-testid="payment-notice">
                    {Msg.paymentUnavailable}。提交申请后，工作人员会联系您确认并开通。
                  </p>
                )}
                <div className={styles.levels}>
                  {pricing.levels.map((level) => (
                    <section
                      key={level.level_id}
                      className={`${styles.card} ${styles.level} ${level.level_id === current?.level_id ? styles.levelCurrent : ''}`}
                      data-testid="level-card"
                    >
                      <div className={styles.entryHead}>
                        <h2 className={styles.levelName}>{level.name}</h2>
                        {level.level_id === current?.level_id ? <span className={styles.tag}>当前等级</span> : null}
                      </div>
                      <div className={styles.price}>
                        {priceText(level.price)}
                        {level.price > 0 ? <small> / 年</small> : null}
                      </div>
                      <ul className={styles.quota}>
                        <li>
                          可管理账号 <b>{level.account_num}</b> 个
                        </li>
                        <li>
                          云空间 <b>{formatBytes(level.space_storage)}</b>
                        </li>
                        <li>
                          素材保存 <b>{level.material_retention_days}</b> 天
                        </li>
                      </ul>
                      <ul className={styles.features}>
                        {level.features.map((feature) => (
                          <li key={feature}>{feature}</li>
                        ))}
                      </ul>
                      {/* A member's action waits for their own answer (the placeholder has no current level). */}
                      {query.isPlaceholderData ? null : <LevelAction level={level} current={current} />}
                    </section>
                  ))}
                </div>
              </>
            );
          }}
        </QueryState>
      </div>
    </>
  );
}
