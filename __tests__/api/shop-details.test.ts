/** @jest-environment node */
/**
 * The shop's details over real HTTP (issue 14, settings): the branches and payment details read
 * from the environment until the back office saves them (`GET /admin/api/shop-details`), then
 * replaced whole (`PUT /admin/api/shop-details`): on the next request the handshake's shopInfo,
 * the pages' shell (footer, contact page, checkout's WhatsApp link) and the bank details a shopper
 * choosing a transfer is given show the new values. A `content_audit` line names each changed
 * field; refusals (400 per field, 403 role, another site) write nothing.
 *
 * The `shop` document is one for the whole shop, so on a PostgreSQL shared with other files the
 * stored window is kept to one test and the document removed again (the environment's values,
 * which the other files expect, stand in again).
 */
import { eq } from 'drizzle-orm';
import { createServerApi } from '@/lib/api/server';
import * as calls from '@/lib/api/calls';
import type { Db } from '@/lib/server/db/client';
import { settings } from '@/lib/server/db/schema';
import { contentChangesOf, fieldChanges } from '@/lib/server/services/backoffice/content-audit';
import { contentVersion } from '@/lib/server/live/content';
import { captureLogs } from '@/lib/server/log';
import { SHOP_DETAILS_KEY, shopDetailsFromConfig } from '@/lib/server/services/settings';
import { clearShellCache, getVersionedShell, withShell } from '@/lib/server/shell';
import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import type { GetServerSidePropsContext } from 'next';
import { Footer } from '@/components/layout/footer';
import type { ShellData } from '@/lib/contracts/shell';
import { CurrencyProvider } from '@/lib/state/currency-context';
import { ShellProvider } from '@/lib/state/shell-context';
import { installMarkupCache } from '@/lib/ui/markup-cache';
import { advanceClock, resetClock } from '@/lib/server/security/clock';
import type { ShopDetails, ShopDetailsAnswer, ShopDetailsBody } from '@/lib/contracts/shop-details';
import type { ManualInstructions, PaymentStart } from '@/lib/contracts/payments';
import { signedInStaff, staffJson } from '../helpers/staff';
import { closeTestDatabase, openTestDatabase } from '../helpers/db';
import { startApiServer, type ApiServer } from '../helpers/api-server';
import { httpCaller, placedOrder } from '../helpers/orders';

let db: Db;
let server: ApiServer;
let manager: string;
let managerId: string;
const call = httpCaller(() => server.url);

const internalApiBefore = process.env.INTERNAL_API_URL;
const forget = () => db.delete(settings).where(eq(settings.key, SHOP_DETAILS_KEY));

beforeAll(async () => {
  db = (await openTestDatabase()).db;
  server = await startApiServer();
  // The pages' shell asks this server's /v1 (lib/server/page-api.ts).
  process.env.INTERNAL_API_URL = server.url;
  clearShellCache();
  ({ cookie: manager, id: managerId } = await signedInStaff(db, 'manager', null, 'Bisi Manager'));
  await forget();
});

afterAll(async () => {
  await forget();
  clearShellCache();
  // The worker runs other files after this one: the address goes with this file's server.
  if (internalApiBefore === undefined) delete process.env.INTERNAL_API_URL;
  else process.env.INTERNAL_API_URL = internalApiBefore;
  await server.close();
  await closeTestDatabase();
});

const read = (cookie = manager) => staffJson<ShopDetailsAnswer>(server.url, 'GET', '/admin/api/shop-details', undefined, cookie);
const save = (body: unknown, cookie = manager, basedOn?: string) =>
  staffJson<ShopDetailsAnswer>(server.url, 'PUT', `/admin/api/shop-details${basedOn ? `?basedOn=${encodeURIComponent(basedOn)}` : ''}`, body, cookie);
/** This file's manager's lines about the document (the audit outlives runs on a shared PostgreSQL). */
const linesOfThisRun = async () => (await contentChangesOf(db, 'settings', SHOP_DETAILS_KEY)).filter((line) => line.actorId === managerId);
const signedIn = async (role: 'owner' | 'florist' | 'rider') => (await signedInStaff(db, role, role === 'owner' ? null : 'abuja')).cookie;

/**
 * The shell a page's props carry (withShell), and the page's footer as the server writes it with
 * kept markup (lib/ui/kept-markup.ts), which keeps the footer's columns by that shell object.
 */
async function pageFooter(): Promise<{ shell: ShellData; html: string }> {
  const ctx = { req: { headers: {} }, res: { hasHeader: () => true, setHeader: () => undefined }, query: {} } as unknown as GetServerSidePropsContext;
  const { shell } = ((await withShell()(ctx)) as { props: { shell: ShellData } }).props;
  const currency = { currencies: shell.currencies } as Parameters<typeof CurrencyProvider>[0];
  const html = renderToString(createElement(ShellProvider, { value: shell }, createElement(CurrencyProvider, currency, createElement(Footer))));
  return { shell, html };
}

/** The environment's details with a real-looking Bitcoin address (the sample one is not an address). */
function envDetails(): ShopDetails {
  const env = shopDetailsFromConfig();
  return { ...env, payment: { ...env.payment, bitcoinAddress: 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq' } };
}

/** What a shopper paying by transfer is shown (`POST /v1/payments/start/{id}` for an order with that method). */
async function transferDetails(method: 'gtbTransfer' | 'leadBankTransfer', currency: 'NGN' | 'USD'): Promise<ManualInstructions['details']> {
  const { id } = await placedOrder(db, { paymentMethod: method, currency, status: 'awaiting_payment' });
  const res = await call<PaymentStart>('POST', `/v1/payments/start/${id}`, { body: {} });
  expect(res.status).toBe(200);
  if (res.body.data.kind !== 'manual') throw new Error('expected transfer instructions');
  return res.body.data.instructions.details;
}

describe("the shell's year", () => {
  it("is Lagos's by the server's clock: at 23:30 UTC on 31 December it is already the new year", async () => {
    const year = new Date().getUTCFullYear() + 1;
    try {
      advanceClock(Date.UTC(year - 1, 11, 31, 22, 30) - Date.now());
      clearShellCache();
      expect((await getVersionedShell()).shell.year).toBe(year - 1);
      advanceClock(60 * 60_000);
      clearShellCache();
      expect((await getVersionedShell()).shell.year).toBe(year);
    } finally {
      resetClock();
      clearShellCache();
    }
  });
});

describe('GET /admin/api/shop-details', () => {
  it("answers the environment's values until a save, for owners and managers only", async () => {
    const res = await read();
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ details: shopDetailsFromConfig(), stored: false, updatedAt: null });
    expect(res.body.data.details.branches.lagos.whatsapp).toBe('+234 803 000 0001');
    expect((await read(await signedIn('owner'))).status).toBe(200);
    expect(await read(await signedIn('florist'))).toMatchObject({ status: 403, body: { message: 'A florist cannot do this' } });
    expect((await read(await signedIn('rider'))).status).toBe(403);
    expect((await read('staff_session=nope')).status).toBe(401);
  });
});

describe('PUT /admin/api/shop-details', () => {
  it('stores the whole document; the handshake, the shell and the transfer details show it on the next request; audited per field', async () => {
    const env = shopDetailsFromConfig();
    // Before: the environment's values everywhere, the shell cached from a first page.
    expect((await getVersionedShell()).shell.shopInfo.branches[0]!.whatsapp).toBe(env.branches.lagos.whatsapp);
    const cachedApi = createServerApi({ baseURL: server.url, business: 'regal', version: contentVersion });
    expect((await calls.getHandshake(cachedApi)).settings.shopInfo.paymentInfo.bankAccountNumber).toBe(env.payment.naira.accountNumber);
    expect(await transferDetails('gtbTransfer', 'NGN')).toContainEqual({ label: 'Account number', value: env.payment.naira.accountNumber });
    const versionBefore = contentVersion();
    // Pages carry one shell object while it lasts, so the footer drawn from it is kept.
    installMarkupCache(renderToString);
    const footerBefore = await pageFooter();
    const footerAgain = await pageFooter();
    expect(footerAgain.shell).toBe(footerBefore.shell);
    expect(footerBefore.html).toContain(env.payment.naira.accountNumber);

    const next = envDetails();
    next.branches.lagos = { ...next.branches.lagos, whatsapp: '+234 809 555 0101', hours: 'Walk-ins 8am to 10pm daily' };
    next.payment.naira = { bankName: 'Zenith Bank', accountName: 'Regal Flowers Ltd', accountNumber: '1012345678' };
    next.payment.leadBank = { ...next.payment.leadBank, routingNumber: '026009593' };
    try {
      const res = await save({ ...next, payment: { ...next.payment, natwest: { ...next.payment.natwest, sortCode: '600001' } } } satisfies ShopDetailsBody, manager, 'environment');
      expect(res.status).toBe(200);
      expect(res.body.message).toBe('The shop details are saved');
      expect(res.body.data).toEqual({ details: { ...next, payment: { ...next.payment, natwest: { ...next.payment.natwest, sortCode: '60-00-01' } } }, stored: true, updatedAt: expect.any(String) });
      expect(contentVersion()).toBeGreaterThan(versionBefore);

      // The next request: the handshake (through the pages' cached client too) and the shell.
      const handshake = (await call<{ settings: { shopInfo: { branches: { key: string; whatsapp: string; hours: string }[]; paymentInfo: Record<string, string> } } }>('GET', '/v1/regal/handshake?business=regal')).body.data;
      expect(handshake.settings.shopInfo.branches.find((b) => b.key === 'lagos')).toMatchObject({ whatsapp: '+234 809 555 0101', hours: 'Walk-ins 8am to 10pm daily' });
      expect(handshake.settings.shopInfo.paymentInfo).toEqual({
        bankName: 'Zenith Bank',
        bankAccountName: 'Regal Flowers Ltd',
        bankAccountNumber: '1012345678',
        walletEmail: next.payment.walletEmail,
        bitcoinAddress: 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq',
      });
      expect((await calls.getHandshake(cachedApi)).settings.shopInfo.paymentInfo.bankAccountNumber).toBe('1012345678');
      const shell = (await getVersionedShell()).shell;
      // A new shell object, so the pages' footers are drawn again with the saved account.
      const footerAfter = await pageFooter();
      expect(footerAfter.shell).not.toBe(footerBefore.shell);
      expect(footerAfter.html).toContain('1012345678');
      expect(footerAfter.html).not.toContain(env.payment.naira.accountNumber);
      expect(shell.shopInfo.branches.map((b) => [b.key, b.whatsapp])).toEqual([
        ['lagos', '+234 809 555 0101'],
        ['abuja', env.branches.abuja.whatsapp],
      ]);

      // A shopper choosing a bank transfer is given the new account.
      expect(await transferDetails('gtbTransfer', 'NGN')).toEqual([
        { label: 'Bank', value: 'Zenith Bank' },
        { label: 'Account name', value: 'Regal Flowers Ltd' },
        { label: 'Account number', value: '1012345678' },
      ]);
      expect(await transferDetails('leadBankTransfer', 'USD')).toContainEqual({ label: 'Routing number', value: '026009593' });

      // One audit line, naming each changed field with its value before and after.
      const [line, ...more] = await linesOfThisRun();
      expect(more).toEqual([]);
      expect(line).toMatchObject({ action: 'updated', address: expect.stringMatching(/127\.0\.0\.1|::1/) });
      // (jsonb keeps its own key order: compare by field.)
      const byField = (a: { field: string }, b: { field: string }) => a.field.localeCompare(b.field);
      expect(fieldChanges(line!.before, line!.after).sort(byField)).toEqual([
        { field: 'branches.lagos.whatsapp', before: env.branches.lagos.whatsapp, after: '+234 809 555 0101' },
        { field: 'branches.lagos.hours', before: env.branches.lagos.hours, after: 'Walk-ins 8am to 10pm daily' },
        { field: 'payment.naira.bankName', before: env.payment.naira.bankName, after: 'Zenith Bank' },
        { field: 'payment.naira.accountNumber', before: env.payment.naira.accountNumber, after: '1012345678' },
        { field: 'payment.bitcoinAddress', before: env.payment.bitcoinAddress, after: 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq' },
        { field: 'payment.leadBank.routingNumber', before: env.payment.leadBank.routingNumber, after: '026009593' },
        { field: 'payment.natwest.sortCode', before: env.payment.natwest.sortCode, after: '60-00-01' },
      ].sort(byField));

      // A page opened before this save (it read the environment's values, or an older save) is
      // refused rather than undoing it; the time it read now is accepted.
      const stale = await save(next, manager, 'environment');
      expect(stale.status).toBe(409);
      expect(stale.body.message).toMatch(/^Someone saved the shop details at \d{1,2} \w{3}, \d{2}:\d{2} \(Lagos\) since you opened them\. Reload the page/);
      expect((await save(next, manager, '2020-01-01T00:00:00.000Z')).status).toBe(409);
      expect(await save(next, manager, 'yesterday')).toMatchObject({ status: 400, body: { message: "basedOn: must be the ISO time the details were read at, or 'environment'" } });

      // The same document again changes nothing; GET answers what is stored.
      const same = await save(res.body.data.details, manager, res.body.data.updatedAt!);
      expect([same.status, same.body.message]).toEqual([200, 'Nothing to change']);
      expect(await linesOfThisRun()).toHaveLength(1);
      expect((await read()).body.data).toEqual(res.body.data);

      // A stored document that is no longer valid: the environment's values stand in, and say so.
      const logged = captureLogs();
      await db.update(settings).set({ value: { branches: 'broken' } }).where(eq(settings.key, SHOP_DETAILS_KEY));
      expect((await read()).body.data).toMatchObject({ details: shopDetailsFromConfig(), stored: false });
      logged.stop();
      expect(logged.lines()).toContainEqual(expect.objectContaining({ level: 50, area: 'settings', key: SHOP_DETAILS_KEY, msg: "the stored shop details are invalid; using the environment's values" }));
    } finally {
      installMarkupCache(undefined);
      await forget();
    }
    expect((await read()).body.data.stored).toBe(false);
  });

  it('refuses bad fields with a 400 naming them, florists and riders, and other sites; nothing is written', async () => {
    const good = envDetails();
    const lagos = good.branches.lagos;
    const naira = good.payment.naira;
    const versionBefore = contentVersion();
    const linesBefore = (await linesOfThisRun()).length;
    const with_ = (patch: (d: ShopDetails) => unknown) => patch(structuredClone(good));
    const cases: [string, unknown][] = [
      ['sample bitcoin', shopDetailsFromConfig()],
      ['whatsapp local', with_((d) => ({ ...d, branches: { ...d.branches, lagos: { ...lagos, whatsapp: '0803 000 0001' } } }))],
      ['phone short', with_((d) => ({ ...d, branches: { ...d.branches, abuja: { ...d.branches.abuja, phone: '+234 80' } } }))],
      ['map http', with_((d) => ({ ...d, branches: { ...d.branches, lagos: { ...lagos, mapUrl: 'http://maps.google.com/?q=Ikoyi' } } }))],
      ['map script', with_((d) => ({ ...d, branches: { ...d.branches, lagos: { ...lagos, mapUrl: 'javascript:alert(1)' } } }))],
      ['empty name', with_((d) => ({ ...d, branches: { ...d.branches, abuja: { ...d.branches.abuja, name: '  ' } } }))],
      ['account letters', with_((d) => ({ ...d, payment: { ...d.payment, naira: { ...naira, accountNumber: '01234O6789' } } }))],
      ['account short', with_((d) => ({ ...d, payment: { ...d.payment, naira: { ...naira, accountNumber: '012345678' } } }))],
      ['routing', with_((d) => ({ ...d, payment: { ...d.payment, leadBank: { ...d.payment.leadBank, routingNumber: '12345' } } }))],
      ['sort code', with_((d) => ({ ...d, payment: { ...d.payment, natwest: { ...d.payment.natwest, sortCode: '60-00' } } }))],
      ['wallet', with_((d) => ({ ...d, payment: { ...d.payment, walletEmail: 'payments' } }))],
      ['no abuja', with_((d) => ({ ...d, branches: { lagos } }))],
      ['third branch', with_((d) => ({ ...d, branches: { ...d.branches, kano: lagos } }))],
      ['control', with_((d) => ({ ...d, branches: { ...d.branches, lagos: { ...lagos, hours: 'Open\u0000daily' } } }))],
    ];
    const answers: Record<string, [number, string]> = {};
    for (const [name, body] of cases) {
      const res = await save(body);
      answers[name] = [res.status, res.body.message];
    }
    expect(answers).toEqual({
      'sample bitcoin': [400, 'payment.bitcoinAddress: must be a Bitcoin address (bc1…, 1… or 3…)'],
      'whatsapp local': [400, 'branches.lagos.whatsapp: must start with + and the country code, e.g. +234 803 000 0001'],
      'phone short': [400, 'branches.abuja.phone: must have 8 to 15 digits, e.g. +234 803 000 0001'],
      'map http': [400, 'branches.lagos.mapUrl: must be an https:// link, e.g. https://maps.google.com/?q=Ikoyi+Lagos'],
      'map script': [400, 'branches.lagos.mapUrl: must be an https:// link, e.g. https://maps.google.com/?q=Ikoyi+Lagos'],
      'empty name': [400, 'branches.abuja.name: must be filled in'],
      'account letters': [400, 'payment.naira.accountNumber: must be the 10 digits of a Nigerian (NUBAN) account number'],
      'account short': [400, 'payment.naira.accountNumber: must be the 10 digits of a Nigerian (NUBAN) account number'],
      routing: [400, 'payment.leadBank.routingNumber: must be the 9 digits of a US routing number'],
      'sort code': [400, 'payment.natwest.sortCode: must be a UK sort code of 6 digits, e.g. 60-00-01'],
      wallet: [400, 'payment.walletEmail: must be an e-mail address'],
      'no abuja': [400, 'branches.abuja is required'],
      'third branch': [400, 'branches.kano is not a field of this call'],
      control: [400, 'branches.lagos.hours must not contain control characters'],
    });

    expect((await save(good, await signedIn('florist'))).status).toBe(403);
    expect((await save(good, await signedIn('rider'))).status).toBe(403);
    for (const origin of ['https://evil.example', null]) {
      const headers: Record<string, string> = { 'content-type': 'application/json', cookie: manager };
      if (origin) headers.origin = origin;
      const res = await fetch(`${server.url}/admin/api/shop-details`, { method: 'PUT', headers, body: JSON.stringify(good) });
      expect(res.status).toBe(403);
    }

    expect(await db.select().from(settings).where(eq(settings.key, SHOP_DETAILS_KEY))).toEqual([]);
    expect(await linesOfThisRun()).toHaveLength(linesBefore);
    expect(contentVersion()).toBe(versionBefore);
    const handshake = (await call<{ settings: { shopInfo: { branches: { whatsapp: string }[] } } }>('GET', '/v1/regal/handshake?business=regal')).body.data;
    expect(handshake.settings.shopInfo.branches[0]!.whatsapp).toBe(lagos.whatsapp);
  });
});

describe('an order made before a change', () => {
  it('is given the account as it is when the shopper asks for the transfer details', async () => {
    const { id } = await placedOrder(db, { paymentMethod: 'gtbTransfer', status: 'awaiting_payment' });
    const next = envDetails();
    next.payment.naira = { ...next.payment.naira, accountNumber: '2098765432' };
    try {
      expect((await save(next)).status).toBe(200);
      const res = await call<PaymentStart>('POST', `/v1/payments/start/${id}`, { body: {} });
      expect(res.body.data.kind === 'manual' && res.body.data.instructions.details).toContainEqual({ label: 'Account number', value: '2098765432' });
    } finally {
      await forget();
    }
  });
});
