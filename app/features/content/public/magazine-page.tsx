import { Link, useSearch } from '@tanstack/react-router';
import { brand } from '../../../../schema/brand';
import type { MagazineCard } from '../../../../schema/content/content';
import { useAuth } from '../../../data/auth-store';
import { Button } from '../../../ui/button';
import { EmptyState, LoadError } from '../../../ui/feedback';
import { Spinner } from '../../../ui/spinner';
import { toast } from '../../../ui/toast-store';
import * as w from '../../../ui/page.css';
import { MarketLayout } from '../../marketplace';
import { usePageMeta } from '../../../kit/page-meta';
import { serverMessage } from '../../../kit/workspace-queries';
import * as s from '../content.css';
import { contentCalls, coverUrl, useContentChange, useMagazine } from '../use-content';

const dateText = (iso: string) => new Intl.DateTimeFormat('en-ZA', { dateStyle: 'long' }).format(new Date(iso));

/** /magazine (spec §2): the admins' front, then every published article, by category or author. */
export function MagazinePage() {
  usePageMeta({
    title: `Magazine | ${brand.product}`,
    description: `Articles, guides and stories written by the small businesses on ${brand.product}.`,
  });
  const search = useSearch({ strict: false });
  const category = 'category' in search && typeof search.category === 'string' ? search.category : undefined;
  const author = 'author' in search && typeof search.author === 'string' ? search.author : undefined;
  const { status } = useAuth();
  const front = useMagazine(category, author);
  const data = front.data;
  const curate = status === 'authenticated' && data?.can_curate === true;
  const heading = author
    ? `Articles by ${author}`
    : category
      ? (data?.categories.find((c) => c.slug === category)?.name ?? 'Magazine')
      : 'Magazine';

  return (
    <MarketLayout>
      <div className={w.page}>
        <div className={w.pageHeader}>
          <h1 className={w.title}>{heading}</h1>
        </div>
        {data && data.categories.length > 0 ? (
          <nav aria-label="Categories">
            <ul className={s.categories}>
              <li>
                <Link className={s.chip} to="/magazine" aria-current={!category && !author ? 'page' : undefined}>
                  All
                </Link>
              </li>
              {data.categories.map((c) => (
                <li key={c.slug}>
                  <Link
                    className={s.chip}
                    to="/magazine"
                    search={{ category: c.slug }}
                    aria-current={category === c.slug ? 'page' : undefined}
                  >
                    {c.name}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
        ) : null}
        {front.isPending ? (
          <Spinner label="Loading the magazine" />
        ) : front.isError || !data ? (
          <LoadError title="The magazine could not be loaded" message={serverMessage(front.error)} onRetry={() => void front.refetch()} />
        ) : (
          <>
            {data.featured.length > 0 ? (
              <section aria-labelledby="featured-title" className={w.stack}>
                <h2 id="featured-title" className={w.sectionTitle}>
                  Featured
                </h2>
                <Cards list={data.featured} curate={curate} label="Featured articles" />
              </section>
            ) : null}
            <section aria-labelledby="latest-title" className={w.stack}>
              <h2 id="latest-title" className={w.sectionTitle}>
                Latest articles
              </h2>
              {data.articles.length > 0 ? (
                <Cards list={data.articles} curate={curate} label="Latest articles" />
              ) : (
                <EmptyState title="No articles yet">
                  <p className={w.muted}>Articles businesses publish from their Content area appear here.</p>
                </EmptyState>
              )}
            </section>
          </>
        )}
      </div>
    </MarketLayout>
  );
}

function Cards({ list, curate, label }: { list: readonly MagazineCard[]; curate: boolean; label: string }) {
  const feature = useContentChange((a: MagazineCard) => contentCalls.feature(a.slug, !a.featured));
  return (
    <ul className={s.cards} aria-label={label}>
      {list.map((a) => (
        <li key={a.slug} className={s.card}>
          <Link className={s.cardLink} to="/magazine/article/$slug" params={{ slug: a.slug }}>
            {a.has_cover ? <img className={s.cardImage} src={coverUrl(a.slug, 360)} alt="" loading="lazy" /> : null}
            <span className={s.cardBody}>
              {a.category ? <span className={w.badge.neutral}>{a.category}</span> : null}
              <h3 className={s.cardTitle}>{a.title}</h3>
              <span className={w.muted}>{a.excerpt}</span>
              <span className={s.byline}>
                {a.author_name} · {dateText(a.published_at)}
              </span>
            </span>
          </Link>
          {curate ? (
            <div className={s.cardFooter}>
              <Button
                variant="secondary"
                isPending={feature.isPending && feature.variables?.slug === a.slug}
                onPress={() =>
                  feature.mutate(a, {
                    onError: (err) =>
                      toast({ title: 'Could not change the front', description: serverMessage(err), variant: 'destructive' }),
                  })
                }
              >
                {a.featured ? 'Take off the front' : 'Feature on the front'}
              </Button>
            </div>
          ) : null}
        </li>
      ))}
    </ul>
  );
}
