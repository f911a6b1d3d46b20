import { useMemo, useState } from 'react';
import { Card, Empty, Input, Spin, Tag } from 'antd';
import type { HelpArticle } from '@vidmatrix/contract/api/content';
import { useHelp } from '../api/get-help.ts';
import { MarkdownView } from '../components/markdown-view.tsx';
import { TextLink } from '../../../components/text-link.tsx';

/** Articles grouped by the feature they explain, in the order they come. */
function byFeature(articles: readonly HelpArticle[]): [string, HelpArticle[]][] {
  const groups = new Map<string, HelpArticle[]>();
  for (const article of articles) {
    groups.set(article.feature, [...(groups.get(article.feature) ?? []), article]);
  }
  return [...groups];
}

/** /operate/Help (帮助中心): searchable help articles grouped by feature, each linking to its screen. */
export function HelpPage() {
  const [keyword, setKeyword] = useState('');
  const query = useHelp(keyword);
  const groups = useMemo(() => byFeature(query.data ?? []), [query.data]);
  return (
    <div style={{ padding: 16, maxWidth: 960 }}>
      <Input.Search
        placeholder="搜索帮助，例如：授权、上传、发布"
        allowClear
        enterButton="搜索"
        size="large"
        aria-label="搜索帮助"
        onSearch={(value) => setKeyword(value.trim())}
        style={{ marginBottom: 20 }}
      />
      <Spin spinning={query.isFetching}>
        {groups.length === 0 && !query.isPending ? <Empty description="没有找到相关帮助" /> : null}
        {groups.map(([feature, articles]) => (
          <section key={feature} style={{ marginBottom: 24 }} data-testid="help-group">
            <h2 style={{ fontSize: 17, margin: '0 0 12px' }}>{feature}</h2>
            <div style={{ display: 'grid', gap: 12 }}>
              {articles.map((article) => (
                <Card
                  key={article.slug}
                  size="small"
                  title={article.title}
                  extra={
                    article.link ? (
                      <TextLink to={article.link}>
                        前往<Tag style={{ marginInlineStart: 6 }}>{feature}</Tag>
                      </TextLink>
                    ) : null
                  }
                  data-testid="help-article"
                >
                  <MarkdownView source={article.body} />
                </Card>
              ))}
            </div>
          </section>
        ))}
      </Spin>
    </div>
  );
}
