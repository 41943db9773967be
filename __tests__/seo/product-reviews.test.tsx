/** @jest-environment node */
/**
 * The product page's reviews as the server renders them: the section (rating, names, dates,
 * comments as text) and the JSON-LD script, which a comment containing `</script>` cannot close.
 */
import { renderToStaticMarkup } from 'react-dom/server';
import { ProductReviews } from '@/components/product/product-reviews';
import { jsonLdScript } from '@/components/seo/seo';
import { productJsonLd } from '@/lib/seo/json-ld';
import { detail } from '../components/fixtures';

const attack = '</script><script>alert("x")</script><!-- & <b>bold</b>';
const reviews = [
  { rating: 5, comment: attack, authorName: 'Ada', createdAt: '2026-11-20T23:30:00.000Z' },
  { rating: 3, comment: '', authorName: 'Bola', createdAt: '2026-11-02T09:00:00.000Z' },
];

describe('ProductReviews', () => {
  it('shows the average, the count and each review with its stars, name and Lagos date', () => {
    const html = renderToStaticMarkup(<ProductReviews reviews={reviews} rating={{ average: 4, count: 2 }} />);
    expect(html).toContain('<h2 id="reviews-heading">Reviews</h2>');
    expect(html).toContain('4.0 out of 5 from 2 reviews');
    expect(html).toContain('aria-label="Rated 4 out of 5"');
    expect(html).toContain('aria-label="Rated 5 out of 5"');
    expect(html).toContain('aria-label="Rated 3 out of 5"');
    expect(html).toContain('<strong>Ada</strong>');
    // 23:30 UTC is already the next day in Lagos.
    expect(html).toContain('<time dateTime="2026-11-20T23:30:00.000Z">21 November 2026</time>');
    expect(html).toContain('<time dateTime="2026-11-02T09:00:00.000Z">2 November 2026</time>');
  });

  it('renders comments as text, never as markup', () => {
    const html = renderToStaticMarkup(<ProductReviews reviews={reviews} rating={{ average: 4, count: 2 }} />);
    expect(html).not.toContain('<script');
    expect(html).not.toContain('<b>');
    expect(html).toContain('&lt;/script&gt;&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;&lt;!-- &amp; &lt;b&gt;bold&lt;/b&gt;');
  });

  it('renders nothing for a product without reviews', () => {
    expect(renderToStaticMarkup(<ProductReviews reviews={[]} rating={null} />)).toBe('');
  });
});

describe('the JSON-LD script of a reviewed product', () => {
  it('cannot be closed by a comment, and reads back to the same text', () => {
    const ld = productJsonLd(detail({ reviews, rating: { average: 4, count: 2 } }), { siteUrl: 'https://shop.example', brandName: 'Regal Flowers' });
    const script = jsonLdScript(ld);
    expect(script).not.toMatch(/<\/script/i);
    expect(script).not.toContain('<');
    const html = renderToStaticMarkup(<script type="application/ld+json" dangerouslySetInnerHTML={{ __html: script }} />);
    expect(html.match(/<\/script>/g)).toHaveLength(1);
    const parsed = JSON.parse(script) as typeof ld;
    expect(parsed.review?.[0]?.reviewBody).toBe(attack);
    expect(parsed.aggregateRating?.ratingValue).toBe(4);
  });
});
