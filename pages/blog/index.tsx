import { PageHeader } from '@/components/content/page-header';
import { PostCard } from '@/components/content/post-card';
import { ShopLinks } from '@/components/content/shop-links';
import { Seo } from '@/components/seo/seo';
import type { InferGetServerSidePropsType } from 'next';
import { BLOG_POSTS, postSummary, type PostSummary } from '@/lib/content/blog';
import { withShell } from '@/lib/server/shell';
import { useShell } from '@/lib/state/shell-context';
import content from '@/components/content/content.module.css';
import styles from './blog.module.css';

export const getServerSideProps = withShell<{ posts: PostSummary[]; jsonLd: object }>(async (_ctx, { shopInfo, siteUrl }) => {
  const posts = [...BLOG_POSTS].sort((a, b) => b.publishedAt.localeCompare(a.publishedAt));
  const jsonLd = {
    '@context': 'https://schema.org',
    '@type': 'Blog',
    name: `${shopInfo.brandName} blog`,
    url: `${siteUrl}/blog`,
    blogPost: posts.map((post) => ({ '@type': 'BlogPosting', headline: post.title, url: `${siteUrl}/blog/${post.slug}`, datePublished: post.publishedAt })),
  };
  return { props: { posts: posts.map(postSummary), jsonLd } };
});

export default function BlogIndex({ posts, jsonLd }: InferGetServerSidePropsType<typeof getServerSideProps>) {
  const { shopInfo } = useShell();
  return (
    <main className={content.page}>
      <Seo
        title={`Blog: flower tips and gifting guides for Lagos and Abuja | ${shopInfo.brandName}`}
        description="Florists' advice for Lagos and Abuja: flowers for every occasion, keeping them fresh in the heat, what rose colours mean and how same-day delivery works."
        path="/blog"
        jsonLd={[jsonLd]}
      />
      <PageHeader
        eyebrow="Blog"
        title="Flower notes from Lagos and Abuja"
        lead="Advice from our florists on choosing, sending and caring for flowers in Nigeria, and on making same-day delivery work for you."
      />
      <div className={styles.grid}>
        {posts.map((post) => (
          <PostCard key={post.slug} post={post} />
        ))}
      </div>
      <ShopLinks
        heading="Shop by occasion"
        headingId="shop-by-occasion"
        links={[
          { label: 'Birthday', href: '/product-category/birthday-flowers' },
          { label: 'Anniversary', href: '/product-category/anniversary-flowers' },
          { label: 'Get well soon', href: '/product-category/get-well-soon' },
          { label: 'Funeral and condolence', href: '/product-category/funeral-and-condolence' },
          { label: 'Bridal', href: '/product-category/bridal-bouquets' },
        ]}
      />
    </main>
  );
}
