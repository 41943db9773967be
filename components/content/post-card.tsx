/** A blog post in a list: date, reading time, title (the card's link), excerpt. */
import { Link } from '@/components/ui/link';
import { formatPostDate, type PostSummary } from '@/lib/content/blog';
import styles from './post-card.module.css';

export function PostCard({ post, headingLevel = 2 }: { post: PostSummary; headingLevel?: 2 | 3 }) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <article className={styles.card}>
      <p className={styles.meta}>
        <time dateTime={post.publishedAt}>{formatPostDate(post.publishedAt)}</time> · {post.minutes} min read
      </p>
      <Heading className={styles.title}>
        <Link href={`/blog/${post.slug}`}>{post.title}</Link>
      </Heading>
      <p className={styles.excerpt}>{post.description}</p>
      <p className={styles.more} aria-hidden="true">
        Read the post →
      </p>
    </article>
  );
}
