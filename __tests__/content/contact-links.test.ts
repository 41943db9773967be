/** @jest-environment node */
import { telHref, whatsappGreeting, whatsappHref } from '@/components/content/contact-links';

describe('telHref', () => {
  it.each([
    ['+234 803 000 0001', 'tel:+2348030000001'],
    ['0803-000-0001', 'tel:08030000001'],
  ])('%s → %s', (phone, href) => {
    expect(telHref(phone)).toBe(href);
  });
});

describe('whatsappHref', () => {
  it('uses the digits with the country code and encodes the message', () => {
    expect(whatsappHref('+234 803 000 0001', 'Hello Regal Flowers Lagos, order #12 & more?')).toBe(
      'https://wa.me/2348030000001?text=Hello%20Regal%20Flowers%20Lagos%2C%20order%20%2312%20%26%20more%3F',
    );
  });

  it('turns a local 0 prefix into 234', () => {
    expect(whatsappHref('0803 000 0002', 'Hi')).toBe('https://wa.me/2348030000002?text=Hi');
  });

  it('prefills a greeting that names the shop and the city and asks for the order number', () => {
    const text = whatsappGreeting('Regal Flowers', 'Abuja');
    expect(text).toContain('Regal Flowers Abuja');
    expect(text).toMatch(/order number/);
  });
});
