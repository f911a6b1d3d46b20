import { Link } from 'react-router';
import { PublicPath } from '@vidmatrix/contract/console-paths';
import { useSections } from '../api/get-sections.ts';
import { MarkdownView } from '../components/markdown-view.tsx';
import { PageHero, QueryState } from '../components/page-parts.tsx';
import styles from './content-page.module.css';

/** /productDetail: what the product does, section by section (content module), each linking to its screen. */
export function ProductDetailPage() {
  const query = useSections('product');
  return (
    <>
      <PageHero title="产品详情" text="账号矩阵、AI剪辑、批量发布与AI客服：一个平台完成从内容到客户的全流程。">
        <p style={{ marginTop: 24 }}>
          <Link className={styles.button} to={PublicPath.register}>
            免费试用 7 天
          </Link>
        </p>
      </PageHero>
      <div className={styles.wrap}>
        <QueryState query={query} empty="暂无内容">
          {(sections) => (
            <div className={styles.sections}>
              {sections.map((section, index) => (
                <section
                  key={section.slug}
                  className={`${styles.card} ${styles.section}`}
                  data-testid="product-section"
                >
                  <span className={styles.sectionIndex}>{String(index + 1).padStart(2, '0')}</span>
                  <div>
                    <h2>{section.title}</h2>
                    <MarkdownView source={section.body} />
                  </div>
                  {section.link ? (
                    <Link className={`${styles.button} ${styles.ghost}`} to={section.link}>
                      去使用
                    </Link>
                  ) : (
                    <span />
                  )}
                </section>
              ))}
            </div>
          )}
        </QueryState>
      </div>
    </>
  );
}
