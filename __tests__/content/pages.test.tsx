/**
 * The content pages rendered as a shopper sees them, inside the shell's providers: one h1 each,
 * the branches with working phone and WhatsApp links, FAQ questions as native disclosures.
 */
import { render, screen, within } from '@testing-library/react';
import type { ReactElement } from 'react';
import type { ShellData } from '@/lib/contracts/shell';
import { CurrencyProvider } from '@/lib/state/currency-context';
import { ShellProvider } from '@/lib/state/shell-context';
import { SHELL } from '../helpers/render';
import { BLOG_POSTS, postSummary, readingMinutes } from '@/lib/content/blog';
import { legalTerms, privacyStatement } from '@/lib/content/legal';
import { DEFAULT_DELIVERY_FACTS, faqJsonLd, faqSections } from '@/lib/content/faq';
import ContactPage from '@/pages/contact';
import FaqPage from '@/pages/faq-how-to-buy-fresh-flowers-and-gifts-in-lagos-and-abuja';
import BlogIndex from '@/pages/blog';
import BlogPostPage from '@/pages/blog/[slug]';
import LegalTermsPage from '@/pages/legal-terms';
import PrivacyStatementPage from '@/pages/privacy-statement';

jest.mock('@/lib/server/shell', () => ({ withShell: () => async () => ({ props: {} }), getGuestHandshake: jest.fn() }));

const shell: ShellData = SHELL;

const renderPage = (page: ReactElement) =>
  render(
    <ShellProvider value={shell}>
      <CurrencyProvider currencies={shell.currencies}>{page}</CurrencyProvider>
    </ShellProvider>,
  );

describe('/contact', () => {
  it('shows both branches with phone, WhatsApp and map links', () => {
    renderPage(<ContactPage />);
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    const lagos = screen.getByRole('region', { name: /Lagos Head Office/ });
    expect(within(lagos).getByText('81b Lafiaji Way, Ikoyi, Lagos')).toBeInTheDocument();
    expect(within(lagos).getByRole('link', { name: '+234 803 000 0001' })).toHaveAttribute('href', 'tel:+2348030000001');
    const chat = within(lagos).getByRole('link', { name: /Chat on WhatsApp/ });
    expect(chat.getAttribute('href')).toMatch(/^https:\/\/wa\.me\/2348030000011\?text=Hello%20Regal%20Flowers%20Lagos/);
    expect(within(lagos).getByRole('link', { name: /Open map/ })).toHaveAttribute('href', 'https://maps.example/lagos');
    const abuja = screen.getByRole('region', { name: /Abuja Branch/ });
    expect(within(abuja).getByRole('link', { name: '+234 803 000 0002' })).toHaveAttribute('href', 'tel:+2348030000002');
    expect(screen.getByRole('link', { name: 'info@shop.example' })).toHaveAttribute('href', 'mailto:info@shop.example');
    expect(screen.getByText(/open 24\/7 online/)).toBeInTheDocument();
  });
});

describe('/faq-how-to-buy-fresh-flowers-and-gifts-in-lagos-and-abuja', () => {
  it('shows every question as a closed native disclosure', () => {
    const sections = faqSections(DEFAULT_DELIVERY_FACTS);
    const { container } = renderPage(<FaqPage sections={sections} jsonLd={faqJsonLd(sections)} shell={shell} />);
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    const count = faqSections().flatMap((s) => s.entries).length;
    expect(container.querySelectorAll('details')).toHaveLength(count);
    expect(container.querySelectorAll('details[open]')).toHaveLength(0);
    expect(screen.getByText('Can I pay on delivery?').tagName).toBe('SUMMARY');
  });
});

describe('/blog', () => {
  it('lists every post with its date and a link to it', () => {
    renderPage(<BlogIndex posts={BLOG_POSTS.map(postSummary)} jsonLd={{}} shell={shell} />);
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(screen.getAllByRole('article')).toHaveLength(BLOG_POSTS.length);
    for (const post of BLOG_POSTS) expect(screen.getByRole('link', { name: post.title })).toHaveAttribute('href', `/blog/${post.slug}`);
  });

  it('renders a post with its title as the only h1 and its section headings', () => {
    const post = BLOG_POSTS[1]!;
    renderPage(<BlogPostPage post={post} minutes={readingMinutes(post)} more={[]} crumbs={[{ name: 'Home', path: '/' }]} jsonLd={[]} shell={shell} />);
    expect(screen.getAllByRole('heading', { level: 1 }).map((h) => h.textContent)).toEqual([post.title]);
    for (const section of post.body) if (section.heading) expect(screen.getByRole('heading', { level: 2, name: section.heading })).toBeInTheDocument();
  });
});

describe('legal pages', () => {
  it.each([
    ['terms', LegalTermsPage, legalTerms, 'Terms of sale'],
    ['privacy', PrivacyStatementPage, privacyStatement, 'Privacy statement'],
  ])('%s: one h1, the short version, and a contents list linking each section', (_name, Page, build, title) => {
    renderPage(<Page doc={build(shell.shopInfo)} shell={shell} />);
    expect(screen.getAllByRole('heading', { level: 1 }).map((h) => h.textContent)).toEqual([title]);
    expect(screen.getByRole('heading', { name: 'The short version' })).toBeInTheDocument();
    const contents = screen.getByRole('navigation', { name: 'Contents' });
    for (const link of within(contents).getAllByRole('link')) {
      const id = link.getAttribute('href')!.slice(1);
      expect(document.getElementById(id)).not.toBeNull();
    }
  });
});
