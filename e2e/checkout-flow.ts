/**
 * The steps the checkout journeys share: a simple product from the sample catalogue, the way from
 * its page through the cart panel to the checkout as a guest, the sender's details, and a day
 * from the date picker.
 */
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';

export type Listed = { id: string; slug: string; name: string; sku: string; type: string; price: number; inStock: boolean; active: boolean };

/** A simple in-stock product from ₦20,000 and under the free-delivery threshold (so the Lagos central fee applies). */
export async function simpleProduct(shopUrl: string): Promise<Listed> {
  const res = await fetch(`${shopUrl}/v1/product/paginate?pageSize=100&categories=all&sortField=price&sortType=asc`);
  const { data } = (await res.json()) as { data: { items: Listed[] } };
  const found = data.items.find((p) => p.type === 'simple' && p.inStock && p.active && p.price >= 20_000 && p.price < 90_000);
  assert.ok(found, 'the sample catalogue has a simple product between ₦20,000 and ₦90,000');
  return found;
}

/** Product page → Add to cart → cart panel → Proceed to checkout → 'Continue as Guest' → the delivery form. */
export async function startCheckout(page: Page, shopUrl: string, product: Listed): Promise<void> {
  await page.goto(`${shopUrl}/product/${product.slug}`, { waitUntil: 'networkidle' });
  await page
    .getByRole('main')
    .getByRole('button', { name: /buy now|add to cart/i })
    .first()
    .click();
  await page.getByText('Item Added To Cart').waitFor();
  await page.getByRole('button', { name: 'Cart, 1 item' }).click();
  await page
    .getByRole('dialog', { name: 'My Cart (1)' })
    .getByRole('link', { name: /^Proceed to checkout \(/ })
    .click();
  await page.waitForURL(/\/checkout\?orderId=[0-9a-f-]{36}$/);
  await page.getByRole('button', { name: 'Continue as Guest' }).click();
  await page.getByRole('heading', { name: 'Delivery details' }).waitFor();
}

/** Fills the sender's name, a fresh e-mail and a phone number; answers the e-mail. */
export async function fillSender(page: Page, who: string): Promise<string> {
  const email = `${who.split(' ')[0]!.toLowerCase()}.${Date.now().toString(36)}@example.com`;
  await page.getByLabel('Your name').fill(who);
  await page.getByLabel('Your email').fill(email);
  await page.getByLabel('Your phone number').fill('0803 123 4567');
  return email;
}

/** Opens the date field and picks the last open day of the month shown (never a past day). */
export async function pickDay(page: Page, label: RegExp): Promise<void> {
  await page.getByRole('button', { name: label }).click();
  const calendar = page.getByRole('grid');
  await calendar.waitFor();
  await calendar.locator('button:not([disabled])').last().click();
  await calendar.waitFor({ state: 'detached' });
}

/** Fills a Lagos delivery: Amaka Obi at 5 Bourdillon Road, Ikoyi (Lagos central), on the last open day shown. */
export async function fillLagosDelivery(page: Page, residenceType = 'Home'): Promise<void> {
  await page.getByLabel("Recipient's name").fill('Amaka Obi');
  await page.getByLabel("Recipient's phone number").fill('08091234567');
  await page.getByLabel('Residence type').selectOption(residenceType);
  await page.getByLabel("Recipient's address").fill('5 Bourdillon Road, Ikoyi');
  await page.getByRole('combobox', { name: /^State/ }).selectOption('lagos');
  await page.getByLabel('Delivery zone').selectOption('lagos-central');
  await pickDay(page, /Delivery date/);
}

/** The people of a guest order made through the API: the sender's e-mail and the recipient. */
export type GuestOrderPeople = {
  email: string;
  recipient: { name: string; phone: string; address: string; residenceType: string };
};

/**
 * A guest order of `product` made through the API (created, then its checkout details sent,
 * not paid), delivered to Lagos central on `day` (YYYY-MM-DD): its number and the order the
 * checkout answered.
 */
export async function guestOrderByApi(
  shopUrl: string,
  product: Pick<Listed, 'id' | 'sku' | 'name'>,
  day: string,
  people: GuestOrderPeople = {
    email: `tunde.${Date.now().toString(36)}@example.com`,
    recipient: { name: 'Amaka Obi', phone: '0803 123 4567', address: '5 Bourdillon Road, Ikoyi', residenceType: 'Home' },
  },
): Promise<{ orderNumber: string; order: { amounts: { deliveryFee: number } } }> {
  const json = async (method: string, path: string, body: unknown) => {
    const res = await fetch(`${shopUrl}${path}`, { method, headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    const answer = (await res.json()) as { data: Record<string, unknown>; message: string };
    assert.ok(res.ok, `${path}: ${res.status} ${answer.message}`);
    return answer.data;
  };
  const created = await json('POST', '/v1/firebase/order/create', {
    cartItems: [{ productId: product.id, SKU: product.sku, quantity: 1, image: { src: '/media/p/x.webp', alt: product.name } }],
    currency: 'NGN',
    deliveryDate: '',
  });
  const answer = await json('PUT', `/v1/firebase/order/checkout-order/${String(created.id)}`, {
    orderData: {
      deliveryDate: day,
      recipient: { method: 'delivery', ...people.recipient, state: 'lagos' },
      deliveryDetails: { zone: 'lagos-central' },
    },
    userData: { name: 'Tunde Bakare', email: people.email, phone: '08091234567', phoneCountryCode: '+234' },
    currency: 'NGN',
  });
  return { orderNumber: String(created.orderNumber), order: answer.order as { amounts: { deliveryFee: number } } };
}

/** The delivery fee in naira a guest order of `product` to Lagos central on `day` (YYYY-MM-DD) is charged. */
export async function lagosCentralFeeOn(shopUrl: string, product: Pick<Listed, 'id' | 'sku' | 'name'>, day: string): Promise<number> {
  return (await guestOrderByApi(shopUrl, product, day)).order.amounts.deliveryFee;
}
