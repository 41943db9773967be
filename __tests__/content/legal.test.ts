/** @jest-environment node */
import { legalTerms, privacyStatement, type LegalDocument } from '@/lib/content/legal';

const shop = { brandName: 'Regal Flowers', contactEmail: 'help@shop.example' };
const text = (doc: LegalDocument) => [doc.description, ...doc.summary, ...doc.sections.flatMap((s) => [s.heading, ...s.paragraphs, ...(s.items ?? [])])].join('\n');
const section = (doc: LegalDocument, id: string) => {
  const found = doc.sections.find((s) => s.id === id);
  if (!found) throw new Error(`no section ${id}`);
  return [...found.paragraphs, ...(found.items ?? [])].join('\n');
};

describe.each([
  ['terms', legalTerms(shop)],
  ['privacy', privacyStatement(shop)],
])('%s', (_name, doc) => {
  it('has unique section ids and headings, and text in every section', () => {
    const ids = doc.sections.map((s) => s.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ids) expect(id).toMatch(/^[a-z]+(-[a-z]+)*$/);
    expect(new Set(doc.sections.map((s) => s.heading)).size).toBe(ids.length);
    for (const s of doc.sections) expect(s.paragraphs.length).toBeGreaterThan(0);
  });

  it('names the shop and its contact address, and carries a real update date', () => {
    expect(text(doc)).toContain('Regal Flowers');
    expect(text(doc)).toContain('help@shop.example');
    expect(doc.updatedAt).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(doc.summary.length).toBeGreaterThanOrEqual(3);
    expect(doc.description.length).toBeLessThanOrEqual(160);
  });

  it('repeats no paragraph or item within a section (React keys are the text)', () => {
    for (const s of doc.sections) {
      const all = [...s.paragraphs, ...(s.items ?? [])];
      expect(new Set(all).size).toBe(all.length);
    }
  });
});

describe('legalTerms', () => {
  const terms = legalTerms(shop);

  it('states the shop’s claims', () => {
    expect(section(terms, 'payment')).toContain('We do not offer payment on delivery');
    expect(section(terms, 'returns')).toMatch(/Fresh flowers.*cannot be returned/);
    expect(section(terms, 'redelivery')).toContain('redelivery needs another delivery fee');
    expect(section(terms, 'changes')).toContain('you pay the difference between the two fees');
    expect(section(terms, 'delivery')).toContain('same day anywhere in Lagos and Abuja');
    expect(section(terms, 'delivery')).toContain('case by case');
    expect(section(terms, 'substitutions')).toContain('similar flower');
    expect(section(terms, 'cancellations')).toMatch(/cancel/);
    expect(terms.summary.join(' ')).toContain('24/7');
  });

  it('explains currencies and payment methods', () => {
    for (const word of ['NGN', 'USD', 'GBP', 'Paystack', 'Flutterwave', 'PayPal', 'bank transfer', 'Bitcoin', 'order number']) expect(section(terms, 'payment')).toContain(word);
  });

  it('names the pickup points and Nigerian law', () => {
    for (const place of ['Ikoyi', 'Lekki', 'Abuja']) expect(section(terms, 'delivery')).toContain(place);
    expect(section(terms, 'law')).toContain('Federal Republic of Nigeria');
  });
});

describe('privacyStatement', () => {
  const privacy = privacyStatement(shop);

  it('is written under the NDPA and NDPR and names the regulator', () => {
    const all = text(privacy);
    expect(all).toContain('Nigeria Data Protection Act 2023 (NDPA)');
    expect(all).toContain('NDPR');
    expect(all).toContain('Nigeria Data Protection Commission');
  });

  it('covers recipients’ data, sharing, rights and the payment providers', () => {
    expect(section(privacy, 'recipients')).toMatch(/do not send recipients marketing/);
    expect(section(privacy, 'sharing')).toMatch(/do not sell/);
    expect(section(privacy, 'rights')).toContain('help@shop.example');
    expect(section(privacy, 'sharing')).toEqual(expect.stringContaining('Paystack'));
  });
});
