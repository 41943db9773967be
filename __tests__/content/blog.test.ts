/** @jest-environment node */
import { BLOG_POSTS, blogPostingJsonLd, findPost, formatPostDate, readingMinutes, wordCount, type BlogPost } from '@/lib/content/blog';
import { isKnownLink } from './known-links';

const isRealDate = (date: string) => {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date)) return false;
  const parsed = new Date(`${date}T00:00:00Z`);
  return !Number.isNaN(parsed.getTime()) && parsed.toISOString().slice(0, 10) === date;
};

describe('BLOG_POSTS', () => {
  it('has at least three posts with unique, URL-safe slugs', () => {
    expect(BLOG_POSTS.length).toBeGreaterThanOrEqual(3);
    const slugs = BLOG_POSTS.map((p) => p.slug);
    expect(new Set(slugs).size).toBe(slugs.length);
    for (const slug of slugs) expect(slug).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
  });

  it('has unique titles', () => {
    const titles = BLOG_POSTS.map((p) => p.title);
    expect(new Set(titles).size).toBe(titles.length);
  });

  it('is listed newest first', () => {
    const dates = BLOG_POSTS.map((p) => p.publishedAt);
    expect(dates).toEqual([...dates].sort().reverse());
  });

  describe.each(BLOG_POSTS.map((post) => [post.slug, post] as [string, BlogPost]))('%s', (_slug, post) => {
    it('has a real calendar date', () => {
      expect(isRealDate(post.publishedAt)).toBe(true);
    });

    it('has at least three sections, each with text, and headings after the introduction', () => {
      expect(post.body.length).toBeGreaterThanOrEqual(3);
      for (const section of post.body) {
        expect(section.paragraphs.length).toBeGreaterThan(0);
        for (const p of section.paragraphs) expect(p.trim().length).toBeGreaterThan(40);
      }
      expect(post.body.slice(1).every((s) => s.heading)).toBe(true);
    });

    it('is 400 to 700 words long', () => {
      const words = wordCount(post);
      expect(words).toBeGreaterThanOrEqual(400);
      expect(words).toBeLessThanOrEqual(700);
    });

    it('has a meta description of search-result length and an author', () => {
      expect(post.description.length).toBeGreaterThanOrEqual(70);
      expect(post.description.length).toBeLessThanOrEqual(160);
      expect(post.author.trim()).not.toBe('');
    });

    it('links only to pages the shop serves', () => {
      for (const link of post.related ?? []) expect([link.href, isKnownLink(link.href)]).toEqual([link.href, true]);
    });

    it('repeats no paragraph (React keys are the paragraph text)', () => {
      const paragraphs = post.body.flatMap((s) => s.paragraphs);
      expect(new Set(paragraphs).size).toBe(paragraphs.length);
    });
  });
});

describe('findPost', () => {
  it('finds a post by slug and nothing for an unknown slug', () => {
    const first = BLOG_POSTS[0]!;
    expect(findPost(first.slug)).toBe(first);
    expect(findPost('no-such-post')).toBeUndefined();
    expect(findPost('')).toBeUndefined();
  });
});

describe('formatPostDate', () => {
  it.each([
    ['2026-08-12', '12 August 2026'],
    ['2026-01-01', '1 January 2026'],
    ['2025-12-31', '31 December 2025'],
  ])('%s → %s', (date, shown) => {
    expect(formatPostDate(date)).toBe(shown);
  });
});

describe('readingMinutes', () => {
  const post = (words: number): BlogPost => ({
    slug: 's',
    title: 't',
    description: 'd',
    publishedAt: '2026-01-01',
    author: 'a',
    body: [{ paragraphs: [Array.from({ length: words }, () => 'word').join(' ')] }],
  });
  it.each([
    [10, 1],
    [450, 2],
    [650, 3],
  ])('%i words → %i min', (words, minutes) => {
    expect(readingMinutes(post(words))).toBe(minutes);
  });
});

describe('blogPostingJsonLd', () => {
  it('describes the post with absolute URLs, its date, author and publisher', () => {
    const post = BLOG_POSTS[0]!;
    const ld = blogPostingJsonLd(post, 'https://shop.example', 'Regal Flowers') as Record<string, unknown>;
    expect(ld).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'BlogPosting',
      headline: post.title,
      description: post.description,
      datePublished: post.publishedAt,
      url: `https://shop.example/blog/${post.slug}`,
      mainEntityOfPage: `https://shop.example/blog/${post.slug}`,
      author: { '@type': 'Organization', name: `Regal Flowers ${post.author}` },
      publisher: { '@type': 'Organization', name: 'Regal Flowers' },
    });
    expect(ld.wordCount).toBe(wordCount(post));
  });
});
