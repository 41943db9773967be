import { Link } from '@/components/ui/link';
import type { InferGetServerSidePropsType } from 'next';
import { PageHeader } from '@/components/content/page-header';
import { PostCard } from '@/components/content/post-card';
import { ShopLinks } from '@/components/content/shop-links';
import { Breadcrumbs, type Crumb } from '@/components/seo/breadcrumbs';
import { Seo } from '@/components/seo/seo';
import { BLOG_POSTS, blogPostingJsonLd, findPost, formatPostDate, postSummary, readingMinutes, type BlogPost, type PostSummary } from '@/lib/content/blog';
import { breadcrumbJsonLd } from '@/lib/seo/json-ld';
import { withShell } from '@/lib/server/shell';
import { useShell } from '@/lib/state/shell-context';
import content from '@/components/content/content.module.css';
import styles from './blog.module.css';

type Props = { post: BlogPost; minutes: number; more: PostSummary[]; crumbs: Crumb[]; jsonLd: object[] };

// The post travels as page data and its JSON-LD is built here: the blog's texts stay out of the JavaScript.
export const getServerSideProps = withShell<Props, { slug: string }>(async (ctx, shell) => {
  const post = findPost(ctx.params?.slug ?? '');
  if (!post) return { notFound: true };
  const crumbs = [
    { name: 'Home', path: '/' },
    { name: 'Blog', path: '/blog' },
    { name: post.title, path: `/blog/${post.slug}` },
  ];
  return {
    props: {
      post,
      minutes: readingMinutes(post),
      more: BLOG_POSTS.filter((p) => p.slug !== post.slug).slice(0, 2).map(postSummary),
      crumbs,
      jsonLd: [blogPostingJsonLd(post, shell.siteUrl, shell.shopInfo.brandName), breadcrumbJsonLd(crumbs, shell.siteUrl)],
    },
  };
});

export default function BlogPostPage({ post, minutes, more, crumbs, jsonLd }: InferGetServerSidePropsType<typeof getServerSideProps>) {
  const { shopInfo } = useShell();
  const path = `/blog/${post.slug}`;
  return (
    <main className={`${content.page} ${content.narrow}`}>
      <Seo
        title={`${post.title} | ${shopInfo.brandName}`}
        description={post.description}
        path={path}
        type="article"
        jsonLd={jsonLd}
      />
      <Breadcrumbs items={crumbs} />
      <article className={styles.article}>
        <PageHeader
          title={post.title}
          lead={post.description}
          meta={
            <>
              <time dateTime={post.publishedAt}>{formatPostDate(post.publishedAt)}</time> · By the {post.author} · {minutes} min read
            </>
          }
        />
        <div className={content.prose}>
          {post.body.map((section, i) => (
            <section key={section.heading ?? `intro-${i}`}>
              {section.heading && <h2>{section.heading}</h2>}
              {section.paragraphs.map((paragraph) => (
                <p key={paragraph}>{paragraph}</p>
              ))}
            </section>
          ))}
        </div>
        {post.related && <ShopLinks heading="Shop the post" headingId="shop-the-post" links={post.related} />}
      </article>
      {more.length > 0 && (
        <section className={styles.related} aria-labelledby="more-posts">
          <h2 id="more-posts">More from the blog</h2>
          <div className={styles.relatedGrid}>
            {more.map((p) => (
              <PostCard key={p.slug} post={p} headingLevel={3} />
            ))}
          </div>
          <p className={styles.back}>
            <Link href="/blog">All posts</Link>
          </p>
        </section>
      )}
    </main>
  );
}
