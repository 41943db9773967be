/**
 * The checkout's pure parts: the form rules (required fields by method and login, messages), the
 * payload (phones normalised, empties omitted, pick-up blanks), the summary's delivery line and
 * total, and the branch of an order with its WhatsApp link.
 */
import { fieldError, formErrors, initialValues, localPhone, nationalPhone, requiredKeys, senderComplete, type CheckoutValues, type FormContext } from '@/components/checkout/checkout-form';
import { checkoutBody, compact, senderInfoBody } from '@/components/checkout/checkout-payload';
import { summaryLines } from '@/components/checkout/summary-lines';
import { branchKeyFor, pickupPointOf, whatsAppLink } from '@/components/checkout/order-branch';
import { SEED_DELIVERY_SETTINGS as settings } from '@/lib/samples/settings';
import { makeOrder, SHELL } from './helpers';

const ctx: FormContext = { loggedIn: false, earliestDay: '2030-03-02', hasZones: (s) => s === 'lagos' || s === 'abuja' };

const filled: CheckoutValues = {
  ...initialValues(makeOrder(), null, null),
  senderName: 'Ada Obi',
  senderEmail: 'ada@example.com',
  senderPhoneNumber: '0803 123 4567',
  recipientName: 'Bola Ade',
  recipientPhoneNumber: '0809/876|5432',
  recipientHomeAddress: '5 Bourdillon Road',
  state: 'lagos',
  zone: 'lagos-central',
  deliveryDate: '2030-03-05',
};

describe('form rules', () => {
  it('requires the recipient, state and zone for a delivery, the pickup point for a pick-up, and the password only with a free account', () => {
    expect(requiredKeys(filled, ctx)).toEqual([
      'senderName',
      'senderEmail',
      'senderCountryCode',
      'senderPhoneNumber',
      'recipientName',
      'recipientCountryCode',
      'recipientPhoneNumber',
      'recipientHomeAddress',
      'state',
      'zone',
      'deliveryDate',
    ]);
    expect(requiredKeys({ ...filled, state: 'other-locations' }, ctx)).not.toContain('zone');
    expect(requiredKeys({ ...filled, deliveryMethod: 'pick-up' }, ctx)).toEqual(['senderName', 'senderEmail', 'senderCountryCode', 'senderPhoneNumber', 'pickUpLocation', 'deliveryDate']);
    expect(requiredKeys({ ...filled, freeAccount: true }, ctx)).toContain('senderPassword');
    expect(requiredKeys({ ...filled, freeAccount: true }, { ...ctx, loggedIn: true })).not.toContain('senderPassword');
  });

  it.each([
    ['senderName', '', 'Your name is required'],
    ['recipientHomeAddress', '', "Recipient's address is required"],
    ['deliveryDate', '', 'Delivery date is required'],
    ['senderEmail', 'ada@', 'Enter a valid e-mail address'],
    ['senderPhoneNumber', '123', 'Enter a valid phone number'],
    ['senderCountryCode', '+23456', 'Enter a country code such as +234'],
    ['deliveryDate', '2030-03-01', 'This day can no longer be booked; please choose a later one'],
    ['message', '', null],
    ['recipientPhoneNumberAlt', '', null],
    ['recipientPhoneNumber', '0809 876 5432', null],
  ] as const)('%s = %j → %j', (key, value, message) => {
    expect(fieldError(key, { ...filled, [key]: value }, ctx)).toBe(message);
  });

  it("names the day 'Pickup date' for a pick-up", () => {
    expect(fieldError('deliveryDate', { ...filled, deliveryMethod: 'pick-up', deliveryDate: '' }, ctx)).toBe('Pickup date is required');
  });

  it('lists the bad fields in the order shown, ignoring hidden ones', () => {
    expect(formErrors(filled, ctx)).toEqual([]);
    expect(formErrors({ ...filled, senderName: '', deliveryDate: '' }, ctx)).toEqual(['senderName', 'deliveryDate']);
    expect(formErrors({ ...filled, deliveryMethod: 'pick-up', recipientName: '' }, ctx)).toEqual(['pickUpLocation']);
  });

  it('counts the sender block complete only when every sender field is valid', () => {
    expect(senderComplete(filled, ctx)).toBe(true);
    expect(senderComplete({ ...filled, senderEmail: 'ada@' }, ctx)).toBe(false);
  });

  it("starts from the order's saved details, then the user's name and e-mail and the cart's day", () => {
    const order = makeOrder({
      deliveryDate: '',
      client: { email: '', name: '', phone: '+2348031234567', phoneCountryCode: '+234' },
      recipientAddress: '[Office] 5 Bourdillon Road',
      deliveryDetails: { ...makeOrder().deliveryDetails, recipientPhone: '+447700900123', recipientPhoneCountryCode: '+44' },
    });
    const values = initialValues(order, { name: 'Ada', email: 'ada@example.com' }, '2030-03-09');
    expect(values).toMatchObject({
      senderName: 'Ada',
      senderEmail: 'ada@example.com',
      senderPhoneNumber: '8031234567',
      recipientCountryCode: '+44',
      recipientPhoneNumber: '7700900123',
      residenceType: 'Office',
      recipientHomeAddress: '5 Bourdillon Road',
      deliveryDate: '2030-03-09',
      deliveryMethod: 'delivery',
      recipientCountryCodeAlt: '+234',
    });
    expect(localPhone('08031234567', '+234')).toBe('08031234567');
  });

  it("takes the sender's phone from the user's profile only when the order has none", () => {
    const profile = { name: 'Ada', email: 'ada@example.com', phone: '+447700900123', phoneCountryCode: '+44' };
    expect(initialValues(makeOrder(), profile, null)).toMatchObject({ senderCountryCode: '+44', senderPhoneNumber: '7700900123' });
    const own = makeOrder({ client: { email: '', name: '', phone: '+2348031234567', phoneCountryCode: '+234' } });
    expect(initialValues(own, profile, null)).toMatchObject({ senderCountryCode: '+234', senderPhoneNumber: '8031234567' });
    // Records stored before the profile existed have no phone.
    expect(initialValues(makeOrder(), { name: 'Ada', email: 'ada@example.com' }, null)).toMatchObject({ senderCountryCode: '+234', senderPhoneNumber: '' });
  });

  it.each([
    ['+2348031234567', '+234', '08031234567'],
    ['+447700900123', '+44', '7700900123'],
    ['0803 123 4567', '+234', '0803 123 4567'],
    ['', '+234', ''],
  ])('nationalPhone(%s, %s) is %s', (phone, code, expected) => {
    expect(nationalPhone(phone, code)).toBe(expected);
  });
});

describe('checkout payload', () => {
  it("normalises phones ('0803 123 4567' with +234 → '+2348031234567') and omits empty fields", () => {
    const body = checkoutBody(filled, { loggedIn: false, currency: 'NGN' });
    expect(body.userData).toEqual({ name: 'Ada Obi', email: 'ada@example.com', phone: '+2348031234567', phoneCountryCode: '+234' });
    expect(body.orderData.recipient).toEqual({ name: 'Bola Ade', phone: '+2348098765432', phoneCountryCode: '+234', address: '5 Bourdillon Road', state: 'lagos', method: 'delivery' });
    expect(body.orderData).not.toHaveProperty('deliveryMessage');
    expect(body.orderData).not.toHaveProperty('purpose');
    expect(body.orderData).not.toHaveProperty('despatchLocation');
    expect(body).toMatchObject({ shouldCreateAccount: false, shouldSaveAddress: false, currency: 'NGN' });
  });

  it('sends the password only with a free account for a guest, and saves the address only for a logged-in delivery', () => {
    const account = { ...filled, freeAccount: true, senderPassword: 'roses-are-red', shouldSaveAddress: true };
    expect(checkoutBody(account, { loggedIn: false, currency: 'USD' })).toMatchObject({ shouldCreateAccount: true, shouldSaveAddress: false, userData: { password: 'roses-are-red' } });
    const loggedIn = checkoutBody(account, { loggedIn: true, currency: 'USD' });
    expect(loggedIn).toMatchObject({ shouldCreateAccount: false, shouldSaveAddress: true });
    expect(loggedIn.userData).not.toHaveProperty('password');
    expect(checkoutBody({ ...account, deliveryMethod: 'pick-up' }, { loggedIn: true, currency: 'USD' }).shouldSaveAddress).toBe(false);
  });

  it('sends blank recipient details for a pick-up, with the point and its state', () => {
    const body = checkoutBody({ ...filled, deliveryMethod: 'pick-up', pickUpLocation: 'APA', message: 'Congratulations' }, { loggedIn: false, currency: 'NGN' });
    expect(body.orderData).toEqual({
      deliveryDate: '2030-03-05',
      deliveryMessage: 'Congratulations',
      despatchLocation: 'APA',
      pickupState: 'abuja',
      recipient: { name: '', phone: '', phoneAlt: '', address: '', state: '', residenceType: '', method: 'pick-up' },
      deliveryDetails: { recidenceType: '', recipientAddress: '', recipientName: '', recipientPhone: '', recipientAltPhone: '', state: '', zone: '' },
    });
  });

  it('builds the sender-info body the same way', () => {
    expect(senderInfoBody({ ...filled, senderCountryCode: '44', senderPhoneNumber: '07700 900123' })).toEqual({
      senderName: 'Ada Obi',
      senderEmail: 'ada@example.com',
      senderPhoneNumber: '+447700900123',
      senderCountryCode: '+44',
    });
  });

  it('compact drops empty, null and undefined fields at any depth and trims text', () => {
    expect(compact({ a: '', b: ' x ', c: { d: undefined, e: null, f: 0, g: false }, h: ['', 'y'] })).toEqual({ b: 'x', c: { f: 0, g: false }, h: ['', 'y'] });
  });
});

describe('summary lines', () => {
  const today = '2030-03-01';
  const choice = { method: 'delivery' as const, state: 'lagos', zone: 'lagos-outer', day: '2030-03-05' };

  it('says nothing is chosen yet, then estimates the chosen zone', () => {
    expect(summaryLines(makeOrder(), settings, null, today)).toEqual({ delivery: { kind: 'choose' }, totalNaira: 140000, estimate: false });
    expect(summaryLines(makeOrder(), settings, choice, today)).toEqual({ delivery: { kind: 'amount', naira: 10000 }, totalNaira: 150000, estimate: true });
    // Above the threshold central zones are free.
    expect(summaryLines(makeOrder(), settings, { ...choice, zone: 'lagos-central' }, today).delivery).toEqual({ kind: 'free' });
    // ...judged like the server does, on the items after the coupon: ₦140,000 less ₦45,000 is below ₦100,000.
    const discounted = makeOrder({ coupon: { code: 'BIG', discount: 45000 }, amounts: { subtotal: 140000, deliveryFee: 0, discount: 45000, total: 95000 } });
    expect(summaryLines(discounted, settings, { ...choice, zone: 'lagos-central' }, today)).toEqual({ delivery: { kind: 'amount', naira: 4500 }, totalNaira: 99500, estimate: true });
    // Valentine's peak fee on 14 February.
    expect(summaryLines(makeOrder(), settings, { ...choice, day: '2030-02-14' }, today).delivery).toEqual({ kind: 'amount', naira: 30000 });
    expect(summaryLines(makeOrder(), settings, { ...choice, state: 'other-locations', zone: '' }, today)).toEqual({ delivery: { kind: 'quoted' }, totalNaira: 140000, estimate: true });
    expect(summaryLines(makeOrder(), settings, { ...choice, method: 'pick-up' }, today).delivery).toEqual({ kind: 'free' });
  });

  it("uses the order's own fee once its details match the choice, and estimates again when the choice moves", () => {
    const saved = makeOrder({
      deliveryMethod: 'delivery',
      deliveryDate: '2030-03-05',
      deliveryDetails: { ...makeOrder().deliveryDetails, state: 'lagos', zone: 'lagos-outer' },
      amounts: { subtotal: 140000, deliveryFee: 10000, discount: 14000, total: 136000 },
    });
    expect(summaryLines(saved, settings, choice, today)).toEqual({ delivery: { kind: 'amount', naira: 10000 }, totalNaira: 136000, estimate: false });
    expect(summaryLines(saved, settings, null, today).estimate).toBe(false);
    expect(summaryLines(saved, settings, { ...choice, state: 'abuja', zone: 'abuja-outer' }, today)).toEqual({ delivery: { kind: 'amount', naira: 6000 }, totalNaira: 132000, estimate: true });
    expect(summaryLines({ ...saved, deliveryFeeQuotedByStaff: true }, settings, choice, today).delivery).toEqual({ kind: 'quoted' });
  });
});

describe('order branch', () => {
  const details = makeOrder().deliveryDetails;
  it.each([
    [{ deliveryMethod: 'delivery', despatchLocation: '', deliveryDetails: { ...details, state: 'abuja' } }, 'abuja'],
    [{ deliveryMethod: 'delivery', despatchLocation: '', deliveryDetails: { ...details, state: 'lagos' } }, 'lagos'],
    [{ deliveryMethod: 'delivery', despatchLocation: '', deliveryDetails: { ...details, state: 'other-locations' } }, 'lagos'],
    [{ deliveryMethod: 'pick-up', despatchLocation: 'APA', deliveryDetails: details }, 'abuja'],
    [{ deliveryMethod: 'pick-up', despatchLocation: 'LPI', deliveryDetails: details }, 'lagos'],
  ] as const)('%j → %s', (order, branch) => {
    expect(branchKeyFor(order)).toBe(branch);
  });

  it('links to WhatsApp with the digits and the order number', () => {
    const link = whatsAppLink('+234 803 000 0022', 'RF-100234');
    expect(link.startsWith('https://wa.me/2348030000022?text=')).toBe(true);
    expect(decodeURIComponent(link.split('?text=')[1]!)).toContain('RF-100234');
  });

  it('finds the pickup point and its address', () => {
    expect(pickupPointOf({ deliveryMethod: 'pick-up', despatchLocation: 'LPI' }, SHELL.shopInfo)).toEqual({ code: 'LPI', name: 'Ikoyi', address: '81b Lafiaji Way, Ikoyi, Lagos' });
    expect(pickupPointOf({ deliveryMethod: 'delivery', despatchLocation: '' }, SHELL.shopInfo)).toBeNull();
  });
});
