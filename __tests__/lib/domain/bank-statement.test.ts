import {
  decideLine,
  GENERIC_HEADER,
  GTBANK_HEADER,
  normalisedLines,
  orderNumbersIn,
  readStatement,
  statementAmountMinor,
  statementDate,
  type StatementOrder,
} from '@/lib/domain/bank-statement';
import { actorLabel, decide, type LifecycleState } from '@/lib/domain/order-lifecycle';
import { parseCsv } from '@/lib/domain/csv';

describe('statementDate', () => {
  it.each<[string, string | null]>([
    ['2026-11-26', '2026-11-26'],
    ['2026-11-26T10:42:00', '2026-11-26'],
    ['26/11/2026', '2026-11-26'],
    ['26-11-2026 10:42:11', '2026-11-26'],
    ['26.11.26', '2026-11-26'],
    ['26-Nov-2026', '2026-11-26'],
    ['1 November 2026', '2026-11-01'],
    ['26 nov 26', '2026-11-26'],
    ['31/02/2026', null],
    ['11/31/2026', null],
    ['yesterday', null],
    ['26-Foo-2026', null],
  ])('%s → %s', (text, date) => expect(statementDate(text)).toBe(date));
});

describe('statementAmountMinor', () => {
  it.each<[string, bigint | null]>([
    ['45000', 4_500_000n],
    ['45,000.00', 4_500_000n],
    ['1,234,567.5', 123_456_750n],
    [' ₦ 20,000 ', 2_000_000n],
    ['NGN 62.50', 6_250n],
    ['$62.50', 6_250n],
    ['.5', 50n],
    ['-2,000.00', -200_000n],
    ['(2,000.00)', -200_000n],
    ['', 0n],
    ['0.00', 0n],
    ['12.345', null],
    ['12a', null],
    ['1.2.3', null],
  ])('%s → %s', (text, minor) => expect(statementAmountMinor(text)).toBe(minor));
});

describe('orderNumbersIn', () => {
  it.each<[string[], string[], string[]]>([
    [['TRF FROM ADA OBI RF-123456'], ['RF-123456'], []],
    [['rf 123456 flowers'], ['RF-123456'], []],
    [['RF123456'], ['RF-123456'], []],
    [['PAYMENT/RF/123456/GTB'], ['RF-123456'], []],
    [['rf:123456', 'RF#123456'], ['RF-123456'], []],
    // Not order numbers: letters before RF or the digits, seven digits, digits joined to a date.
    [['TRF123456 SURF X654321'], [], []],
    [['SURF 654321'], [], ['RF-654321']],
    [['RF-1234567'], [], []],
    [['26/11/2026 10:42:11 ACCT 0123456789'], [], []],
    // Bare six-digit numbers, standing alone.
    [['FLOWERS 123456 ADA'], [], ['RF-123456']],
    [['NIP', '123456'], [], ['RF-123456']],
    [['RF-123456 and 654321'], ['RF-123456'], ['RF-654321']],
    [['RF-123456 RF 654321'], ['RF-123456', 'RF-654321'], []],
    [['RF-123456', 'rf123456'], ['RF-123456'], []],
  ])('%j: marked %j, bare %j', (texts, marked, bare) => expect(orderNumbersIn(...texts)).toEqual({ marked, bare }));
});

const csv = (text: string) => parseCsv(text);

describe('readStatement', () => {
  it('reads a GTBank export below its preamble: credits in, debits out, balance rows skipped', () => {
    const read = readStatement(
      csv(
        [
          'Account Name,RAVEN FLOWERS LTD',
          'Period,01-Nov-2026 to 26-Nov-2026',
          '',
          GTBANK_HEADER,
          ',,,,,"1,000,000.00",Opening Balance',
          '25-Nov-2026,25-Nov-2026,GTB-1,,"45,000.00","1,045,000.00",TRF FROM ADA RF-123456',
          '25-Nov-2026,25-Nov-2026,GTB-2,"5,000.00",,"1,040,000.00",POS PURCHASE',
        ].join('\r\n'),
      ),
    );
    expect(read).toEqual({
      ok: true,
      format: 'gtbank',
      lines: [{ row: 6, date: '2026-11-25', narration: 'TRF FROM ADA RF-123456', reference: 'GTB-1', amountMinor: 4_500_000n }],
      skipped: [
        { row: 5, date: '', narration: 'Opening Balance', amountMinor: 0n, reason: 'Not a transaction (no date)' },
        { row: 7, date: '2026-11-25', narration: 'POS PURCHASE', amountMinor: -500_000n, reason: 'Money out (a debit)' },
      ],
      errors: [],
    });
  });

  it('reads a generic file in any column order and case, reference optional', () => {
    const read = readStatement(csv('Amount,NARRATION,Date\n"20,000",rf 654321,26/11/2026\n-300,charges,26/11/2026\n'));
    expect(read).toMatchObject({
      ok: true,
      format: 'generic',
      lines: [{ row: 2, date: '2026-11-26', narration: 'rf 654321', reference: '', amountMinor: 2_000_000n }],
      skipped: [{ row: 3, reason: 'Money out (a debit)' }],
    });
  });

  it('names both accepted headers for an unknown one', () => {
    const read = readStatement(csv('when,what,how much\n2026-11-26,x,1\n'));
    expect(read.ok).toBe(false);
    if (!read.ok) {
      expect(read.message).toContain(GTBANK_HEADER);
      expect(read.message).toContain(GENERIC_HEADER);
    }
  });

  it('reports rows whose date or amount cannot be read, and a row with a debit and a credit', () => {
    const read = readStatement(csv(`${GENERIC_HEADER}\n31/02/2026,x,100,\n2026-11-26,y,12.345,\n`));
    expect(read.ok && read.errors.map((e) => e.row)).toEqual([2, 3]);
    const both = readStatement(csv(`${GTBANK_HEADER}\n25-Nov-2026,,R,100,200,0,x\n`));
    expect(both.ok && both.errors).toEqual([{ row: 2, message: 'The row has both a debit and a credit' }]);
  });
});

describe('normalisedLines', () => {
  it('is the same for the same line in either format, and counts identical lines', () => {
    const gtbank = readStatement(csv(`${GTBANK_HEADER}\n25-Nov-2026,25-Nov-2026,GTB-1,,"45,000.00",0,TRF  RF-123456\n`));
    const generic = readStatement(csv(`${GENERIC_HEADER}\n2026-11-25,TRF RF-123456,45000.00,GTB-1\n2026-11-25,TRF RF-123456,45000.00,GTB-1\n`));
    if (!gtbank.ok || !generic.ok) throw new Error('not read');
    const [one] = normalisedLines(gtbank.lines, 'NGN');
    expect(one).toBe('2026-11-25|TRF RF-123456|4500000|GTB-1|NGN|1');
    expect(normalisedLines(generic.lines, 'NGN')).toEqual([one, '2026-11-25|TRF RF-123456|4500000|GTB-1|NGN|2']);
    expect(normalisedLines(generic.lines, 'USD')[0]).not.toBe(one);
  });
});

describe('decideLine', () => {
  const order = (over: Partial<StatementOrder> = {}): StatementOrder => ({
    id: 'o1',
    orderNumber: 'RF-123456',
    currency: 'NGN',
    status: 'awaiting_payment',
    payment: 'unpaid',
    dueMinor: 4_500_000n,
    ...over,
  });
  const marked = { marked: ['RF-123456'], bare: [] };

  it.each<[string, bigint, Partial<StatementOrder>, string]>([
    ['exactly due', 4_500_000n, {}, 'confirm'],
    ['more than due (refund due)', 5_000_000n, {}, 'confirm'],
    ['awaiting confirmation', 4_500_000n, { payment: 'awaiting_confirmation' }, 'confirm'],
    ['the rest of a part payment', 2_500_000n, { payment: 'part_paid', dueMinor: 2_500_000n }, 'confirm'],
    ['created (checkout not finished)', 4_500_000n, { status: 'created' }, 'confirm'],
    ['short', 4_499_999n, {}, 'amount_short'],
    ['already paid', 4_500_000n, { status: 'paid', payment: 'paid', dueMinor: 0n }, 'already_paid'],
    ['refund due', 4_500_000n, { status: 'cancelled', payment: 'refund_due', dueMinor: 0n }, 'already_paid'],
    ['cancelled', 4_500_000n, { status: 'cancelled', payment: 'unpaid' }, 'cancelled'],
    ['in dollars', 4_500_000n, { currency: 'USD' }, 'other_currency'],
  ])('%s: %s', (_, amountMinor, over, outcome) => {
    const decision = decideLine({ amountMinor }, 'NGN', marked, [order(over)]);
    expect(decision.kind === 'confirm' ? 'confirm' : decision.reason).toBe(outcome);
    if (decision.kind === 'review') expect(decision.orders.map((o) => o.id)).toEqual(['o1']);
  });

  it('says what is short', () => {
    expect(decideLine({ amountMinor: 2_000_000n }, 'NGN', marked, [order()])).toMatchObject({ reason: 'amount_short', message: 'Short: ₦20,000 received, ₦45,000 due on RF-123456' });
  });

  it('sends a line without a number, with an unknown number, or with two numbers to a person', () => {
    expect(decideLine({ amountMinor: 1n }, 'NGN', { marked: [], bare: [] }, [])).toMatchObject({ kind: 'review', reason: 'no_number' });
    expect(decideLine({ amountMinor: 1n }, 'NGN', marked, [])).toMatchObject({ kind: 'review', reason: 'unknown_number', message: 'No order has the number RF-123456' });
    const two = decideLine({ amountMinor: 4_500_000n }, 'NGN', { marked: ['RF-123456', 'RF-654321'], bare: [] }, [order(), order({ id: 'o2', orderNumber: 'RF-654321' })]);
    expect(two).toMatchObject({ kind: 'review', reason: 'several_numbers' });
    expect(two.kind === 'review' && two.orders.map((o) => o.id)).toEqual(['o1', 'o2']);
  });

  it('takes a bare number only when it is an order and no RF number is there, and confirms it only at exactly the amount due', () => {
    const bare = { marked: [], bare: ['RF-123456'] };
    expect(decideLine({ amountMinor: 4_500_000n }, 'NGN', bare, [order()])).toEqual({ kind: 'confirm', order: order() });
    expect(decideLine({ amountMinor: 5_000_000n }, 'NGN', bare, [order()])).toMatchObject({ kind: 'review', reason: 'bare_number' });
    // An unknown bare number is just a number: the line has no order number.
    expect(decideLine({ amountMinor: 4_500_000n }, 'NGN', { marked: [], bare: ['RF-999999'] }, [])).toMatchObject({ kind: 'review', reason: 'no_number' });
    // An RF number wins over a bare one.
    expect(decideLine({ amountMinor: 4_500_000n }, 'NGN', { marked: ['RF-123456'], bare: ['RF-654321'] }, [order(), order({ id: 'o2', orderNumber: 'RF-654321' })])).toMatchObject({ kind: 'confirm' });
  });
});

describe('the statement import as an actor', () => {
  const state: LifecycleState = { status: 'awaiting_payment', payment: 'unpaid', paidWith: null, paymentTest: false };
  const facts = { hasItems: true, missingDetail: null, currency: 'NGN' as const, paymentMethod: 'gtbTransfer' };
  const statement = { kind: 'statement' as const, staffId: 's1' };

  it('is labelled statement import', () => expect(actorLabel(statement)).toBe('statement import'));

  it('confirms transfers like staff, and nothing else', () => {
    expect(decide(state, { type: 'confirm_transfer', amountMinor: 100n, reference: 'R', coversTotal: true }, statement, facts)).toEqual({ ok: true, status: 'paid', payment: 'paid' });
    expect(decide({ ...state, status: 'paid', payment: 'paid' }, { type: 'prepare' }, statement, facts)).toMatchObject({ ok: false, status: 403 });
    expect(decide(state, { type: 'cancel' }, statement, facts)).toMatchObject({ ok: false, status: 403, message: 'Only staff or the staff API token can cancel an order' });
  });
});
