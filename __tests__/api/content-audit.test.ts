/** @jest-environment node */
/**
 * The owner's content audit over real HTTP (`GET /admin/api/content-audit`): a manager's product
 * change appears, newest first, named by the product, with the member, their address and each
 * changed field before and after; the kind filter; owners only; a bad filter is a 400.
 */
import { randomUUID } from 'node:crypto';
import type { Db } from '@/lib/server/db/client';
import { products } from '@/lib/server/db/schema';
import type { ContentAuditLine, ContentAuditPage } from '@/lib/contracts/backoffice';
import { fieldChanges } from '@/lib/server/services/backoffice/content-audit';
import { signedInStaff, staffJson } from '../helpers/staff';
import { closeTestDatabase, openTestDatabase } from '../helpers/db';
import { startApiServer, type ApiServer } from '../helpers/api-server';
import { tag } from '../helpers/orders';

let db: Db;
let server: ApiServer;
let owner: string;
let manager: string;

beforeAll(async () => {
  db = (await openTestDatabase()).db;
  server = await startApiServer();
  owner = (await signedInStaff(db, 'owner', null, 'Ada Owner')).cookie;
  manager = (await signedInStaff(db, 'manager', null, 'Bisi Manager')).cookie;
});

afterAll(async () => {
  await server.close();
  await closeTestDatabase();
});

async function madeProduct(): Promise<{ id: string; name: string }> {
  const t = tag();
  const id = randomUUID();
  const name = `Audit Test ${t} – 12 roses`;
  await db.insert(products).values({
    id,
    slug: `audit-test-${t}`,
    name,
    description: 'A product made by the content audit tests.',
    price: 40_000,
    sku: `AUD-${t}`.toUpperCase(),
    type: 'simple',
    productClass: 'flowers',
    budget: 'regular',
    categories: ['roses'],
  });
  return { id, name };
}

const audit = (query: string, cookie = owner) => staffJson<ContentAuditPage>(server.url, 'GET', `/admin/api/content-audit${query}`, undefined, cookie);

test("a manager's price change is in the owner's content audit, named, with who, where from and the field before and after", async () => {
  const product = await madeProduct();
  const changed = await staffJson(server.url, 'PATCH', `/admin/api/products/${product.id}`, { price: 42_500, inStock: false }, manager);
  expect(changed.status).toBe(200);

  const { status, body } = await audit('?entity=product');
  expect(status).toBe(200);
  const line = body.data.rows.find((row) => row.entityId === product.id) as ContentAuditLine;
  expect(line).toMatchObject({ entity: 'product', label: product.name, action: 'updated', actorName: 'Bisi Manager (Manager)' });
  expect(line.address).toMatch(/127\.0\.0\.1|::1/);
  expect(line.changes).toEqual(
    expect.arrayContaining([
      { field: 'price', before: '40000', after: '42500' },
      { field: 'inStock', before: 'true', after: 'false' },
    ]),
  );
  expect(body.data.rows.every((row) => row.entity === 'product')).toBe(true);
  const times = body.data.rows.map((row) => row.at);
  expect([...times].sort().reverse()).toEqual(times);
});

test('another kind of thing filters the product change out', async () => {
  const product = await madeProduct();
  await staffJson(server.url, 'PATCH', `/admin/api/products/${product.id}`, { price: 41_000 }, manager);
  const { status, body } = await audit('?entity=coupon');
  expect(status).toBe(200);
  expect(body.data.rows.some((row) => row.entityId === product.id)).toBe(false);
  expect(body.data.rows.every((row) => row.entity === 'coupon')).toBe(true);
});

test('only owners read it; an unknown kind or page is a 400', async () => {
  expect((await audit('', manager)).status).toBe(403);
  expect((await audit('', '')).status).toBe(401);
  const bad = await audit('?entity=orders');
  expect(bad.status).toBe(400);
  expect(bad.body.message).toMatch(/entity must be one of product, picture/);
  expect((await audit('?page=0')).status).toBe(400);
});

test('fieldChanges lists only what differs, whole sides when one is missing, long values cut', () => {
  expect(fieldChanges({ price: 1, name: 'A' }, { price: 2, name: 'A' })).toEqual([{ field: 'price', before: '1', after: '2' }]);
  expect(fieldChanges(null, { code: 'VAL10' })).toEqual([{ field: 'code', before: '', after: 'VAL10' }]);
  expect(fieldChanges({ zones: [{ fee: 1 }] }, { zones: [{ fee: 2 }] })).toEqual([{ field: 'zones.0.fee', before: '1', after: '2' }]);
  expect(fieldChanges({ categories: ['roses'] }, { categories: ['roses', 'birthday-flowers'] })).toEqual([{ field: 'categories', before: '["roses"]', after: '["roses","birthday-flowers"]' }]);
  expect(
    fieldChanges(
      { variants: [{ sku: 'A', price: 1 }, { sku: 'B', price: 2 }] },
      { variants: [{ sku: 'A', price: 1 }, { sku: 'B', price: 3 }, { sku: 'C', price: 4 }] },
    ),
  ).toEqual([
    { field: 'variants.1.price', before: '2', after: '3' },
    { field: 'variants.2.sku', before: '', after: 'C' },
    { field: 'variants.2.price', before: '', after: '4' },
  ]);
  const many = fieldChanges({}, Object.fromEntries(Array.from({ length: 35 }, (_, i) => [`f${i}`, i])));
  expect(many).toHaveLength(31);
  expect(many[30]).toEqual({ field: '5 more fields', before: '', after: '' });
  const long = fieldChanges({ description: 'x'.repeat(500) }, { description: 'y' })[0]!;
  expect(long.before).toHaveLength(160);
  expect(long.before.endsWith('…')).toBe(true);
});
