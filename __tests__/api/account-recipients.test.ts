/** @jest-environment node */
/**
 * The address book over real HTTP against the real database: GET/POST
 * /v1/regal/account/recipients, PUT/DELETE /v1/regal/account/recipients/{id}. Entries stored
 * the one way (name tidied, phones with their country code), so the same person written
 * differently is a 409, through the address book and after the checkout's 'save this address';
 * the checkout's save never adds a second entry for a person already there. Another account's
 * token with the owner's ids: 404 and nothing changed. Strict bodies, the messages of each
 * field, the size limit, 401 and `private, no-store`.
 */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { recipients } from '@/lib/server/db/schema';
import { DUPLICATE_RECIPIENT_MESSAGE, MAX_RECIPIENTS, RECIPIENT_NOT_FOUND_MESSAGE, type SavedRecipient } from '@/lib/contracts/account';
import { LOGIN_AGAIN_MESSAGE } from '@/lib/contracts/auth';
import { RECIPIENTS_FULL_MESSAGE } from '@/lib/server/services/orders/recipients';
import { expectPrivate, type OrderOptions, serveShopApi, type Shopper } from '../helpers/account';
import { itemOf } from '../helpers/order-api';

const api = serveShopApi('shop-account-recipients', { catalogue: true });
const { call, signUp, logIn, logOut, userIdOf } = api;

const book = (token?: string) => call<SavedRecipient[]>('GET', '/v1/regal/account/recipients', { token });
const add = (body: unknown, token?: string) => call<SavedRecipient>('POST', '/v1/regal/account/recipients', { body, token });
const replace = (id: string, body: unknown, token?: string) => call<SavedRecipient>('PUT', `/v1/regal/account/recipients/${encodeURIComponent(id)}`, { body, token });
const remove = (id: string, token?: string) => call<{ deleted: true }>('DELETE', `/v1/regal/account/recipients/${encodeURIComponent(id)}`, { token });
const rowsOf = async (email: string) => api.db.select().from(recipients).where(eq(recipients.userId, (await userIdOf(email))!));

const ngozi = {
  name: '  Ngozi   Eze ',
  phone: '0803-555 1234',
  altPhone: '0701 222 3333',
  address: '12 Admiralty Way\nLekki Phase 1',
  residenceType: 'office',
  state: 'Lagos',
  zone: 'lagos-central',
};

/** Places an order as `who` through the checkout with 'save this address', the recipient as given. */
const checkoutSaving = (who: Shopper, recipient: OrderOptions['recipient']) => api.placeOrder([itemOf(api.shop.rose)], { token: who.token, email: who.email, recipient, saveAddress: true });

describe('POST and GET /v1/regal/account/recipients', () => {
  it('adds an entry written the one way (name tidied, phones with the country code, state, zone and residence type checked) and lists it', async () => {
    const who = await signUp();
    const res = await add(ngozi, who.token);
    expectPrivate(res, 201);
    expect(res.body.data).toEqual({
      id: expect.any(String),
      name: 'Ngozi Eze',
      phone: '+2348035551234',
      phoneCountryCode: '+234',
      altPhone: '+2347012223333',
      altPhoneCountryCode: '+234',
      address: '12 Admiralty Way\nLekki Phase 1',
      residenceType: 'Office',
      state: 'lagos',
      zone: 'lagos-central',
    });
    const listed = await book(who.token);
    expectPrivate(listed, 200);
    expect(listed.body.data).toEqual([res.body.data]);
    // The user record carries the address book to the checkout.
    expect((await logIn(who)).recipients).toEqual([res.body.data]);
  });

  it('answers 409 for the same person written another way (case, spaces, dashes, 0 or +234), and lists the newest first', async () => {
    const who = await signUp();
    const first = await add(ngozi, who.token);
    expect(first.status).toBe(201);
    for (const phone of ['+234 803 555 1234', '8035551234', '(0803) 555-1234', '002348035551234']) {
      const again = await add({ ...ngozi, name: 'ngozi eze', phone }, who.token);
      expect(again.status).toBe(409);
      expect(again.body.message).toBe(DUPLICATE_RECIPIENT_MESSAGE);
    }
    // The same name with another phone is another entry; a foreign number keeps its own code.
    const other = await add({ ...ngozi, phone: '7700 900123', phoneCountryCode: '+44' }, who.token);
    expect(other.status).toBe(201);
    expect(other.body.data).toMatchObject({ phone: '+447700900123', phoneCountryCode: '+44' });
    expect((await book(who.token)).body.data.map((r) => r.id)).toEqual([other.body.data.id, first.body.data.id]);
    expect(await rowsOf(who.email)).toHaveLength(2);
  });

  it("is 409 after the checkout saved the person, and the checkout's save of a person already there updates that entry", async () => {
    const who = await signUp();
    await checkoutSaving(who, { name: 'Amaka Obi', phone: '0803 123 4567' });
    const dup = await add({ name: 'AMAKA  OBI', phone: '+234-803-123-4567', address: '1 Other Road' }, who.token);
    expect(dup.status).toBe(409);
    expect(dup.body.message).toBe(DUPLICATE_RECIPIENT_MESSAGE);

    const entry = await add({ ...ngozi }, who.token);
    expect(entry.status).toBe(201);
    // The checkout writes her name and number differently: still one entry, updated and on top.
    await checkoutSaving(who, { name: 'ngozi  eze', phone: '803 555 1234', address: '4 Glover Road, Ikoyi' });
    const rows = await rowsOf(who.email);
    expect(rows).toHaveLength(2);
    const listed = (await book(who.token)).body.data;
    expect(listed[0]).toMatchObject({ id: entry.body.data.id, name: 'ngozi eze', phone: '+2348035551234', address: '4 Glover Road, Ikoyi' });
  });

  it('entries saved before names were tidied count as the same person too, and the checkout still saves', async () => {
    const who = await signUp();
    const userId = (await userIdOf(who.email))!;
    await api.db.insert(recipients).values([
      { userId, name: 'Amaka  Obi', phone: '+2348031234567', address: 'Old address' },
      { userId, name: 'Amaka Obi', phone: '+2348031234567', address: 'Older address', updatedAt: new Date('2020-01-01') },
    ]);
    const dup = await add({ name: 'amaka obi', phone: '08031234567' }, who.token);
    expect(dup.status).toBe(409);
    await checkoutSaving(who, { name: 'Amaka   Obi', phone: '0803 123 4567', address: '9 New Road, Ikoyi' });
    const rows = await rowsOf(who.email);
    expect(rows.map((r) => [r.name, r.address]).sort()).toEqual([
      ['Amaka  Obi', 'Old address'],
      ['Amaka Obi', '9 New Road, Ikoyi'],
    ]);
  });

  it('refuses bad bodies with a message naming the field, and writes nothing', async () => {
    const who = await signUp();
    const cases: [unknown, string][] = [
      [{ ...ngozi, nickname: 'Ngo' }, 'nickname is not a field of this call'],
      [{ ...ngozi, name: '' }, "name: Recipient's name is required"],
      [{ phone: ngozi.phone }, 'name is required'],
      [{ ...ngozi, phone: '' }, "phone: Recipient's phone number is required"],
      [{ ...ngozi, phone: '12' }, "phone: Recipient's phone number must be a valid phone number, such as 0803 123 4567"],
      [{ ...ngozi, altPhone: '999' }, "altPhone: Recipient's other phone number must be a valid phone number, such as 0803 123 4567"],
      [{ ...ngozi, phoneCountryCode: 'Nigeria' }, 'phoneCountryCode: must be a country code such as +234'],
      [{ ...ngozi, name: 'Ngozi\u0000' }, 'name must not contain control characters'],
      [{ ...ngozi, state: 'Kano' }, 'state must be one of lagos, abuja, other-locations'],
      [{ ...ngozi, zone: 'abuja-central' }, expect.stringMatching(/^zone must be one of lagos-/) as unknown as string],
      [{ ...ngozi, state: '', zone: 'lagos-central' }, 'state is required with a zone'],
      [{ ...ngozi, residenceType: 'Castle' }, expect.stringMatching(/^residenceType must be one of Home, Office/) as unknown as string],
      [{ ...ngozi, business: 'another-shop' }, 'business: unknown shop "another-shop"'],
    ];
    for (const [body, message] of cases) {
      const res = await add(body, who.token);
      expect(res.status).toBe(400);
      expect(res.body.message).toEqual(message);
    }
    expect(await rowsOf(who.email)).toHaveLength(0);
  });

  it(`holds at most ${MAX_RECIPIENTS} entries: the address book says so, the checkout goes on without saving`, async () => {
    const who = await signUp();
    const userId = (await userIdOf(who.email))!;
    await api.db.insert(recipients).values(
      Array.from({ length: MAX_RECIPIENTS }, (_, i) => ({ userId, name: `Friend ${i}`, phone: `+23480${String(30000000 + i)}` })),
    );
    const full = await add(ngozi, who.token);
    expect(full.status).toBe(409);
    expect(full.body.message).toBe(RECIPIENTS_FULL_MESSAGE);
    await checkoutSaving(who, { name: 'Someone New', phone: '0809 000 1111' });
    expect(await rowsOf(who.email)).toHaveLength(MAX_RECIPIENTS);
  });
});

describe('PUT and DELETE /v1/regal/account/recipients/{id}', () => {
  it('PUT replaces the entry whole and moves it to the top; a clash with another entry is 409 and changes nothing', async () => {
    const who = await signUp();
    const first = (await add(ngozi, who.token)).body.data;
    const second = (await add({ name: 'Bola Ade', phone: '07011112222', state: 'abuja', zone: 'abuja-central' }, who.token)).body.data;
    expect((await book(who.token)).body.data.map((r) => r.id)).toEqual([second.id, first.id]);

    const res = await replace(first.id, { name: 'Ngozi Eze-Okafor', phone: '0803 555 1234' }, who.token);
    expectPrivate(res, 200);
    // Omitted fields are not kept from before: the entry is replaced.
    expect(res.body.data).toEqual({
      id: first.id,
      name: 'Ngozi Eze-Okafor',
      phone: '+2348035551234',
      phoneCountryCode: '+234',
      altPhone: '',
      altPhoneCountryCode: '+234',
      address: '',
      residenceType: '',
      state: '',
      zone: '',
    });
    expect((await book(who.token)).body.data.map((r) => r.id)).toEqual([first.id, second.id]);

    const clash = await replace(first.id, { name: 'bola ade', phone: '+2347011112222' }, who.token);
    expect(clash.status).toBe(409);
    expect(clash.body.message).toBe(DUPLICATE_RECIPIENT_MESSAGE);
    expect((await book(who.token)).body.data.find((r) => r.id === first.id)).toEqual(res.body.data);
    // Saving an entry as it is (its own name and phone) is no clash.
    expect((await replace(second.id, { name: 'Bola Ade', phone: '07011112222', state: 'abuja', zone: 'abuja-central' }, who.token)).status).toBe(200);
  });

  it('DELETE removes the entry; then, and for an unknown or malformed id, 404', async () => {
    const who = await signUp();
    const entry = (await add(ngozi, who.token)).body.data;
    const res = await remove(entry.id, who.token);
    expectPrivate(res, 200);
    expect(res.body.data).toEqual({ deleted: true });
    expect((await book(who.token)).body.data).toEqual([]);
    for (const id of [entry.id, randomUUID(), 'not-an-id']) {
      const again = await remove(id, who.token);
      expect(again.status).toBe(404);
      expect(again.body.message).toBe(RECIPIENT_NOT_FOUND_MESSAGE);
      expect((await replace(id, ngozi, who.token)).status).toBe(404);
    }
  });

  it("another account's token with the owner's ids: 404 for PUT and DELETE, nothing changed, and its own list is empty", async () => {
    const owner = await signUp();
    const entry = (await add(ngozi, owner.token)).body.data;
    const other = await signUp();
    const before = await rowsOf(owner.email);

    const put = await replace(entry.id, { name: 'Taken Over', phone: '08090000000' }, other.token);
    expect(put.status).toBe(404);
    expect(put.body.message).toBe(RECIPIENT_NOT_FOUND_MESSAGE);
    const del = await remove(entry.id, other.token);
    expect(del.status).toBe(404);
    expect(del.body.message).toBe(RECIPIENT_NOT_FOUND_MESSAGE);
    expect(await rowsOf(owner.email)).toEqual(before);
    expect((await book(other.token)).body.data).toEqual([]);
    // The same person in another account's book is no duplicate.
    expect((await add(ngozi, other.token)).status).toBe(201);
  });

  it('every call is 401 without a token or with a revoked one, with private, no-store', async () => {
    const who = await signUp();
    const entry = (await add(ngozi, who.token)).body.data;
    await logOut(who.token);
    for (const token of [undefined, who.token]) {
      for (const res of [await book(token), await add(ngozi, token), await replace(entry.id, ngozi, token), await remove(entry.id, token)]) {
        expectPrivate(res, 401, LOGIN_AGAIN_MESSAGE);
      }
    }
    expect(await rowsOf(who.email)).toHaveLength(1);
  });
});
