import { Link, useParams } from '@tanstack/react-router';
import { sanitizeRichText } from '../../../../schema/kit/rich-text';
import { ApiError } from '../../../data/api';
import { EmptyState, LoadError } from '../../../ui/feedback';
import { Spinner } from '../../../ui/spinner';
import * as w from '../../../ui/page.css';
import { MarketLayout } from '../../marketplace';
import { usePageMeta } from '../../../kit/page-meta';
import { serverMessage } from '../../../kit/workspace-queries';
import * as s from '../content.css';
import { coverUrl, useArticle } from '../use-content';

const dateText = (iso: string) => new Intl.DateTimeFormat('en-ZA', { dateStyle: 'long' }).format(new Date(iso));

/** /magazine/article/{slug} (spec §2): one published article. The server also writes its meta for search engines. */
export function ArticlePage() {
  const { slug } = useParams({ strict: false });
  const article = useArticle(slug ?? '');
  const a = article.data;
  usePageMeta({ title: a ? a.seo_title || a.title : 'Magazine', description: a ? a.seo_description || a.excerpt : '' });

  return (
    <MarketLayout>
      <div className={w.page}>
        <Link to="/magazine" className={w.small}>
          ← Magazine
        </Link>
        {article.isPending ? (
          <Spinner label="Loading the article" />
        ) : article.error instanceof ApiError && article.error.status === 404 ? (
          <EmptyState title="Article not found">
            <p className={w.muted}>{serverMessage(article.error)}</p>
          </EmptyState>
        ) : article.isError || !a ? (
          <LoadError
            title="The article could not be loaded"
            message={serverMessage(article.error)}
            onRetry={() => void article.refetch()}
          />
        ) : (
          <article className={s.article}>
            {a.category ? (
              <Link className={s.chip} to="/magazine" search={{ category: a.category_slug ?? undefined }}>
                {a.category}
              </Link>
            ) : null}
            <h1 className={s.articleTitle}>{a.title}</h1>
            <p className={s.byline}>
              By{' '}
              <Link to="/magazine" search={{ author: a.author_name }}>
                {a.author_name}
              </Link>{' '}
              · {a.workspace_name} · <time dateTime={a.published_at}>{dateText(a.published_at)}</time>
            </p>
            {a.has_cover ? <img className={s.cover} src={coverUrl(a.slug, 760)} alt="" /> : null}
            <div className={s.prose} dangerouslySetInnerHTML={{ __html: sanitizeRichText(a.body) }} />
            {a.tags.length > 0 ? (
              <p className={w.row}>
                {a.tags.map((t) => (
                  <span key={t} className={w.badge.neutral}>
                    #{t}
                  </span>
                ))}
              </p>
            ) : null}
          </article>
        )}
      </div>
    </MarketLayout>
  );
}
