/**
 * The content pages as crawlers get them: plain server-rendered HTML with status 200, a unique
 * title, meta description, canonical URL under SITE_URL, one h1 and the JSON-LD each page
 * promises (Florist ×2 on contact, FAQPage on the FAQ, BlogPosting on a post); an unknown post
 * is a 404. No browser needed.
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { startShop, type Shop } from './shop-server';
import { BLOG_POSTS } from '../lib/content/blog';

let shop: Shop;

before(async () => {
  shop = await startShop();
});

after(async () => {
  await shop?.stop();
});

const post = BLOG_POSTS[0]!;

const PAGES = [
  { path: '/faq-how-to-buy-fresh-flowers-and-gifts-in-lagos-and-abuja', h1: 'How to buy fresh flowers and gifts in Lagos and Abuja', jsonLd: { FAQPage: 1 } },
  { path: '/contact', h1: 'Contact us in Lagos and Abuja', jsonLd: { Florist: 2 } },
  { path: '/blog', h1: 'Flower notes from Lagos and Abuja', jsonLd: { Blog: 1 } },
  { path: `/blog/${post.slug}`, h1: post.title, jsonLd: { BlogPosting: 1, BreadcrumbList: 1 } },
  { path: '/legal-terms', h1: 'Terms of sale', jsonLd: {} },
  { path: '/privacy-statement', h1: 'Privacy statement', jsonLd: {} },
];

const decode = (text: string) =>
  text
    .replace(/<!-- -->/g, '')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&');

function parse(html: string) {
  const titles = [...html.matchAll(/<title[^>]*>([^<]*)<\/title>/g)].map((m) => decode(m[1]!));
  const description = /<meta name="description" content="([^"]*)"[^>]*>/.exec(html)?.[1];
  const canonical = /<link rel="canonical" href="([^"]*)"/.exec(html)?.[1];
  const h1s = [...html.matchAll(/<h1[^>]*>([\s\S]*?)<\/h1>/g)].map((m) => decode(m[1]!.replace(/<[^>]+>/g, '')).trim());
  const jsonLd = [...html.matchAll(/<script type="application\/ld\+json"[^>]*>([\s\S]*?)<\/script>/g)].map((m) => JSON.parse(m[1]!) as { '@type': string });
  return { titles, description: description && decode(description), canonical, h1s, jsonLd };
}

const seenTitles = new Map<string, string>();
const seenDescriptions = new Map<string, string>();

for (const page of PAGES) {
  void test(`${page.path} is server-rendered with its own title, description, canonical URL, h1 and JSON-LD`, async () => {
    const res = await fetch(`${shop.url}${page.path}`);
    assert.equal(res.status, 200);
    const html = await res.text();
    const { titles, description, canonical, h1s, jsonLd } = parse(html);

    assert.equal(titles.length, 1, 'one <title>');
    const title = titles[0]!;
    assert.ok(title.length >= 20 && title.length <= 80, `a title of 20-80 characters: ${title}`);
    assert.equal(seenTitles.get(title), undefined, `title "${title}" is not used by ${seenTitles.get(title)}`);
    seenTitles.set(title, page.path);

    assert.ok(description && description.length >= 50 && description.length <= 160, `meta description of 50-160 characters: ${description}`);
    assert.equal(seenDescriptions.get(description), undefined, 'unique meta description');
    seenDescriptions.set(description, page.path);

    assert.equal(canonical, `${shop.url}${page.path}`);
    assert.deepEqual(h1s, [page.h1]);

    const counts: Record<string, number> = {};
    for (const block of jsonLd) counts[block['@type']] = (counts[block['@type']] ?? 0) + 1;
    for (const [type, count] of Object.entries(page.jsonLd)) assert.equal(counts[type], count, `${count} × ${type} JSON-LD`);
  });
}

void test('the contact page’s Florist blocks are the two branches, in Lagos and Abuja', async () => {
  const { jsonLd } = parse(await (await fetch(`${shop.url}/contact`)).text());
  const florists = jsonLd.filter((b) => b['@type'] === 'Florist') as unknown as { address: { addressLocality: string; addressCountry: string }; openingHours: string; telephone: string }[];
  assert.deepEqual(florists.map((f) => f.address.addressLocality).sort(), ['Abuja', 'Lagos']);
  for (const f of florists) {
    assert.equal(f.address.addressCountry, 'NG');
    assert.equal(f.openingHours, 'Mo-Su 00:00-23:59');
    assert.match(f.telephone, /^\+234\d{10}$/);
  }
});

void test('the FAQ quotes the live delivery fees and answers in native disclosures', async () => {
  const html = await (await fetch(`${shop.url}/faq-how-to-buy-fresh-flowers-and-gifts-in-lagos-and-abuja`)).text();
  const details = html.match(/<details/g) ?? [];
  assert.ok(details.length >= 12 && details.length <= 20, `12-20 questions, got ${details.length}`);
  assert.match(html, /<summary>Can I pay on delivery\?<\/summary>/);
  assert.match(html, /₦4,500/);
  assert.match(html, /₦3,500/);
  const faq = parse(html).jsonLd.find((b) => b['@type'] === 'FAQPage') as unknown as { mainEntity: unknown[] };
  assert.equal(faq.mainEntity.length, details.length);
});

void test('the blog lists every post, and an unknown post is a 404', async () => {
  const html = await (await fetch(`${shop.url}/blog`)).text();
  for (const p of BLOG_POSTS) assert.ok(html.includes(`href="/blog/${p.slug}"`), `links to ${p.slug}`);
  const missing = await fetch(`${shop.url}/blog/no-such-post`);
  assert.equal(missing.status, 404);
});
