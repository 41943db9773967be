/** @jest-environment node */
/**
 * The order lifecycle is the only code that writes an order's status and payment state: this
 * reads every server source file and fails on an update or insert of `orders` that sets one of
 * them anywhere else (a new service that moves orders itself would slip past the lifecycle's
 * rules, timeline and audit).
 */
import fs from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '../../..');
const OWNER = 'lib/server/services/orders/lifecycle.ts';
const LIFECYCLE_FIELDS = /\b(status|paymentState|paidWith|paymentTest)\s*:/;

function sources(dir: string): string[] {
  return fs.readdirSync(path.join(ROOT, dir), { withFileTypes: true }).flatMap((entry) => {
    const rel = path.join(dir, entry.name);
    if (entry.isDirectory()) return sources(rel);
    return /\.tsx?$/.test(entry.name) ? [rel] : [];
  });
}

/** The object literal passed to `.set(` or `.values(` after each write to `orders` in `text`. */
function orderWrites(text: string): string[] {
  const writes: string[] = [];
  for (const match of text.matchAll(/\.(update|insert)\(orders\)/g)) {
    const rest = text.slice(match.index + match[0].length);
    const call = /^\s*\.(set|values)\(\{/.exec(rest);
    if (!call) continue;
    let depth = 0;
    let end = call[0].length - 1;
    for (; end < rest.length; end++) {
      if (rest[end] === '{') depth++;
      if (rest[end] === '}' && --depth === 0) break;
    }
    writes.push(rest.slice(call[0].length - 1, end + 1));
  }
  return writes;
}

describe('who writes an order’s state', () => {
  it('finds the writes it looks for (a self-check on a sample)', () => {
    const sample = "await tx.update(orders).set({ currency, status: 'created', updatedAt }).where(x);\nawait tx.update(orders).set({ couponCode }).where(y);";
    expect(orderWrites(sample).filter((w) => LIFECYCLE_FIELDS.test(w))).toEqual(["{ currency, status: 'created', updatedAt }"]);
  });

  it('only the lifecycle module sets status, paymentState, paidWith or paymentTest on orders', () => {
    const offenders = [...sources('lib'), ...sources('pages')]
      .filter((file) => file !== OWNER)
      .flatMap((file) => orderWrites(fs.readFileSync(path.join(ROOT, file), 'utf8')).filter((w) => LIFECYCLE_FIELDS.test(w)).map((w) => `${file}: ${w}`));
    expect(offenders).toEqual([]);
    // The owner does write them (so the pattern above is not simply blind).
    expect(orderWrites(fs.readFileSync(path.join(ROOT, OWNER), 'utf8')).some((w) => LIFECYCLE_FIELDS.test(w))).toBe(true);
  });
});
