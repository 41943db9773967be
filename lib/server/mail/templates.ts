/** The shop's e-mails: plain text first (what most mail clients preview), with a simple HTML twin. */
import type { MailMessage } from '@/lib/server/mail/message';
import { formatCartDate } from '@/lib/domain/dates';
import { reminderTitle } from '@/lib/domain/reminders';

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The one-time password e-mail (password reset and the legacy-account upgrade). */
export function otpMail(options: { to: string; brand: string; code: string; validMinutes: number }): MailMessage {
  const { to, brand, code, validMinutes } = options;
  const text = [
    `Your ${brand} one-time password is: ${code}`,
    '',
    `It is valid for ${validMinutes} minutes and can be used once. Enter it in the "Enter OTP" step, then choose a new password.`,
    '',
    'If you did not ask for it, you can ignore this e-mail: your password has not changed.',
    '',
    brand,
  ].join('\n');
  const html = `<!doctype html><html><body style="font-family:Arial,sans-serif;color:#222">
<p>Your ${escapeHtml(brand)} one-time password is:</p>
<p style="font-size:28px;font-weight:bold;letter-spacing:6px">${escapeHtml(code)}</p>
<p>It is valid for ${validMinutes} minutes and can be used once. Enter it in the &quot;Enter OTP&quot; step, then choose a new password.</p>
<p>If you did not ask for it, you can ignore this e-mail: your password has not changed.</p>
<p>${escapeHtml(brand)}</p>
</body></html>`;
  return { to, subject: `Your ${brand} one-time password`, text, html };
}

export type PaidOrderMail = {
  to: string;
  brand: string;
  senderName: string;
  orderNumber: string;
  items: { name: string; quantity: number; size?: string }[];
  /** The total as charged, e.g. '₦24,500' or '$35'. */
  totalText: string;
  /** 'Delivery on 4 Feb 2027', 'Pick-up at Ikoyi on 4 Feb 2027', or '' when no day is set. */
  deliveryText: string;
  /** The order tracker's link for this order. */
  trackUrl: string;
  /** Paid against the built-in sandbox: the mail says TEST PAYMENT, no money taken. */
  test?: boolean;
  /** 'Remind me next year about Amaka's Birthday' and its link (lib/server/services/reminders.ts). */
  remind?: { text: string; url: string };
};

const TEST_LINE = 'TEST PAYMENT: this order was paid in the shop\'s payment sandbox, no money was taken.';

/** The payment confirmation sent to the sender once an order is paid (card or confirmed transfer). */
export function orderPaidMail(options: PaidOrderMail): MailMessage {
  const { to, brand, senderName, orderNumber, items, totalText, deliveryText, trackUrl, test = false, remind } = options;
  const itemLine = (i: PaidOrderMail['items'][number]) => `${i.quantity} × ${i.name}${i.size ? ` (${i.size})` : ''}`;
  const text = [
    `${senderName ? `Dear ${senderName},` : 'Hello,'}`,
    '',
    `Thank you: we have received the payment for order ${orderNumber}.`,
    ...(test ? ['', TEST_LINE] : []),
    '',
    ...items.map((i) => `- ${itemLine(i)}`),
    '',
    `Total paid: ${totalText}${test ? ' (TEST PAYMENT)' : ''}`,
    ...(deliveryText ? [deliveryText] : []),
    '',
    `Track your order: ${trackUrl}`,
    ...(remind ? ['', `${remind.text}: ${remind.url}`] : []),
    '',
    brand,
  ].join('\n');
  const html = `<!doctype html><html><body style="font-family:Arial,sans-serif;color:#222">
<p>${escapeHtml(senderName ? `Dear ${senderName},` : 'Hello,')}</p>
<p>Thank you: we have received the payment for order <strong>${escapeHtml(orderNumber)}</strong>.</p>
${test ? `<p><strong>${escapeHtml(TEST_LINE)}</strong></p>` : ''}
<ul>${items.map((i) => `<li>${escapeHtml(itemLine(i))}</li>`).join('')}</ul>
<p>Total paid: <strong>${escapeHtml(`${totalText}${test ? ' (TEST PAYMENT)' : ''}`)}</strong></p>
${deliveryText ? `<p>${escapeHtml(deliveryText)}</p>` : ''}
<p><a href="${escapeHtml(trackUrl)}">Track your order</a></p>
${remind ? `<p><a href="${escapeHtml(remind.url)}">${escapeHtml(remind.text)}</a></p>` : ''}
<p>${escapeHtml(brand)}</p>
</body></html>`;
  const subject = `${brand}: ${test ? 'TEST PAYMENT (no money taken) ' : 'payment '}received for order ${orderNumber}`;
  return { to, subject, text, html };
}

/** What the sender hears when the order leaves the shop or arrives. */
export type OrderProgressMail = {
  to: string;
  brand: string;
  senderName: string;
  orderNumber: string;
  /** out: on its way to the recipient (or ready at the pick-up point); delivered: received or collected. */
  stage: 'out' | 'delivered';
  pickup: boolean;
  recipientName: string;
  trackUrl: string;
  /** The delivery photo's full address, in the delivered e-mail of a door delivery. */
  photoUrl?: string;
};

/** The sender's e-mail when a rider takes the order out, and when it is delivered (plain text and HTML). */
export function orderProgressMail(options: OrderProgressMail): MailMessage {
  const { to, brand, senderName, orderNumber, stage, pickup, recipientName, trackUrl, photoUrl } = options;
  const who = recipientName || 'the recipient';
  const line =
    stage === 'out'
      ? pickup
        ? `Order ${orderNumber} is ready for collection.`
        : `Order ${orderNumber} is on its way to ${who}.`
      : pickup
        ? `Order ${orderNumber} has been collected.`
        : `Order ${orderNumber} has been delivered to ${who}.`;
  const photoLines = photoUrl ? ['', `See the delivery photo: ${photoUrl}`] : [];
  const text = [senderName ? `Dear ${senderName},` : 'Hello,', '', line, ...photoLines, '', `Track your order: ${trackUrl}`, '', brand].join('\n');
  const photoHtml = photoUrl
    ? `<p><a href="${escapeHtml(photoUrl)}"><img src="${escapeHtml(photoUrl)}" alt="The delivery photo of order ${escapeHtml(orderNumber)}" width="320" style="max-width:100%;height:auto;border-radius:8px"></a></p>
<p><a href="${escapeHtml(photoUrl)}">See the delivery photo</a></p>`
    : '';
  const html = `<!doctype html><html><body style="font-family:Arial,sans-serif;color:#222">
<p>${escapeHtml(senderName ? `Dear ${senderName},` : 'Hello,')}</p>
<p>${escapeHtml(line)}</p>
${photoHtml}
<p><a href="${escapeHtml(trackUrl)}">Track your order</a></p>
<p>${escapeHtml(brand)}</p>
</body></html>`;
  const subject = `${brand}: order ${orderNumber} ${stage === 'out' ? (pickup ? 'is ready for collection' : 'is on its way') : pickup ? 'collected' : 'delivered'}`;
  return { to, subject, text, html };
}

/** A payment asked of the sender after the order was paid (a redelivery fee, a fee difference, a quote), with its pay link. */
export function chargeMail(options: { to: string; brand: string; senderName: string; orderNumber: string; what: string; amount: string; reason: string; payUrl: string }): MailMessage {
  const { to, brand, senderName, orderNumber, what, amount, reason, payUrl } = options;
  const greeting = senderName ? `Dear ${senderName},` : 'Hello,';
  const line = `${what} for order ${orderNumber}: ${amount}.`;
  const text = [greeting, '', line, reason, '', `Pay here: ${payUrl}`, '', 'The link is yours alone: do not share it. Reply to this e-mail if you have a question.', '', brand].join('\n');
  const html = `<!doctype html><html><body style="font-family:Arial,sans-serif;color:#222">
<p>${escapeHtml(greeting)}</p>
<p><strong>${escapeHtml(line)}</strong></p>
<p>${escapeHtml(reason)}</p>
<p><a href="${escapeHtml(payUrl)}" style="display:inline-block;padding:12px 20px;background:#7a1f3d;color:#fff;text-decoration:none;border-radius:6px">Pay ${escapeHtml(amount)}</a></p>
<p>The link is yours alone: do not share it. Reply to this e-mail if you have a question.</p>
<p>${escapeHtml(brand)}</p>
</body></html>`;
  return { to, subject: `${brand}: ${what.toLowerCase()} for order ${orderNumber}`, text, html };
}

/** The back office's sign-in code, e-mailed when a staff member signs in on a new device. */
export function staffCodeMail(options: { to: string; brand: string; code: string; validMinutes: number; name: string }): MailMessage {
  const { to, brand, code, validMinutes, name } = options;
  const text = [
    `Hello ${name},`,
    '',
    `Your ${brand} back-office sign-in code is: ${code}`,
    '',
    `It is valid for ${validMinutes} minutes and can be used once. You get it because someone signed in with your password on a device the back office does not know yet.`,
    '',
    'If that was not you, do not share the code: change your password and use "Sign out everywhere".',
    '',
    brand,
  ].join('\n');
  const html = `<!doctype html><html><body style="font-family:Arial,sans-serif;color:#222">
<p>Hello ${escapeHtml(name)},</p>
<p>Your ${escapeHtml(brand)} back-office sign-in code is:</p>
<p style="font-size:28px;font-weight:bold;letter-spacing:6px">${escapeHtml(code)}</p>
<p>It is valid for ${validMinutes} minutes and can be used once. You get it because someone signed in with your password on a device the back office does not know yet.</p>
<p>If that was not you, do not share the code: change your password and use &quot;Sign out everywhere&quot;.</p>
<p>${escapeHtml(brand)}</p>
</body></html>`;
  return { to, subject: `Your ${brand} back-office sign-in code`, text, html };
}

/** The invitation a new staff member gets when the owner adds them in the back office. */
export function staffInviteMail(options: {
  to: string;
  brand: string;
  code: string;
  validHours: number;
  name: string;
  roleText: string;
  signInUrl: string;
}): MailMessage {
  const { to, brand, code, validHours, name, roleText, signInUrl } = options;
  const text = [
    `Hello ${name},`,
    '',
    `You have been added to the ${brand} back office as ${roleText}.`,
    '',
    `Your one-time sign-in code is: ${code}`,
    '',
    `Open ${signInUrl}, choose "I have a sign-in code", enter this e-mail address and the code, then choose your password. The code is valid for ${validHours} hours and can be used once.`,
    '',
    brand,
  ].join('\n');
  const html = `<!doctype html><html><body style="font-family:Arial,sans-serif;color:#222">
<p>Hello ${escapeHtml(name)},</p>
<p>You have been added to the ${escapeHtml(brand)} back office as ${escapeHtml(roleText)}.</p>
<p>Your one-time sign-in code is:</p>
<p style="font-size:28px;font-weight:bold;letter-spacing:6px">${escapeHtml(code)}</p>
<p>Open <a href="${escapeHtml(signInUrl)}">${escapeHtml(signInUrl)}</a>, choose &quot;I have a sign-in code&quot;, enter this e-mail address and the code, then choose your password. The code is valid for ${validHours} hours and can be used once.</p>
<p>${escapeHtml(brand)}</p>
</body></html>`;
  return { to, subject: `You have been added to the ${brand} back office`, text, html };
}

/**
 * The confirmation that an account was deleted (sent after the deletion is committed): what went,
 * what the shop keeps for its books and in what form, and what to do if it was not the owner.
 */
export function accountDeletedMail(options: { to: string; brand: string; ordersKept: number }): MailMessage {
  const { to, brand, ordersKept } = options;
  const kept =
    ordersKept > 0
      ? `We keep the ${ordersKept === 1 ? 'order' : `${ordersKept} orders`} of your account for our books, with items, amounts and dates, but without your name, e-mail address or phone number, and without the recipients' names, phone numbers and addresses.`
      : 'There were no orders in your account.';
  const lines = [
    'Hello,',
    '',
    `Your ${brand} account for ${to} has been deleted, as you asked.`,
    '',
    'Your saved recipients, your cart and your profile are gone, and every device that was logged in has been logged out.',
    kept,
    '',
    'You can create a new account with this e-mail address at any time; the orders of the deleted one will not be in it.',
    '',
    'If you did not ask for this, please reply to this e-mail straight away.',
    '',
    brand,
  ];
  const text = lines.join('\n');
  const html = `<!doctype html><html><body style="font-family:Arial,sans-serif;color:#222">
<p>Hello,</p>
<p>Your ${escapeHtml(brand)} account for <strong>${escapeHtml(to)}</strong> has been deleted, as you asked.</p>
<p>Your saved recipients, your cart and your profile are gone, and every device that was logged in has been logged out.</p>
<p>${escapeHtml(kept)}</p>
<p>You can create a new account with this e-mail address at any time; the orders of the deleted one will not be in it.</p>
<p>If you did not ask for this, please reply to this e-mail straight away.</p>
<p>${escapeHtml(brand)}</p>
</body></html>`;
  return { to, subject: `Your ${brand} account has been deleted`, text, html };
}

/** The one note about an order left at the payment stage (lib/server/services/orders/recovery.ts). */
export type CheckoutRecoveryMail = {
  to: string;
  brand: string;
  senderName: string;
  orderNumber: string;
  /** '2 × Red roses (Large)'. */
  items: string[];
  totalText: string;
  /** 'Delivery on Friday, 4 December' or ''. */
  deliveryText: string;
  /** The checkout's payment stage for this order. */
  payUrl: string;
  whatsapp: { number: string; url: string };
  /** The page that stops these e-mails (the one-click address goes in the headers). */
  unsubscribeUrl: string;
  headers: Record<string, string>;
};

/** 'Your order is waiting': a link back to the payment stage, help on WhatsApp, and the way out of such e-mails. */
export function checkoutRecoveryMail(options: CheckoutRecoveryMail): MailMessage {
  const { to, brand, senderName, orderNumber, items, totalText, deliveryText, payUrl, whatsapp, unsubscribeUrl, headers } = options;
  const greeting = senderName ? `Dear ${senderName},` : 'Hello,';
  const line = `Your order ${orderNumber} is ready, but it has not been paid yet, so we cannot prepare it.`;
  const help = `Had trouble paying? Chat with us on WhatsApp (${whatsapp.number}) and we will help.`;
  const stop = "We send this once per order. To get no more e-mails about unfinished orders:";
  const text = [
    greeting,
    '',
    line,
    '',
    ...items.map((i) => `- ${i}`),
    `Total: ${totalText}`,
    ...(deliveryText ? [deliveryText] : []),
    '',
    `Finish paying: ${payUrl}`,
    '',
    `${help} ${whatsapp.url}`,
    '',
    `${stop} ${unsubscribeUrl}`,
    '',
    brand,
  ].join('\n');
  const html = `<!doctype html><html><body style="font-family:Arial,sans-serif;color:#222">
<p>${escapeHtml(greeting)}</p>
<p>${escapeHtml(line)}</p>
<ul>${items.map((i) => `<li>${escapeHtml(i)}</li>`).join('')}</ul>
<p>Total: <strong>${escapeHtml(totalText)}</strong>${deliveryText ? `<br>${escapeHtml(deliveryText)}` : ''}</p>
<p><a href="${escapeHtml(payUrl)}" style="display:inline-block;padding:12px 20px;background:#7a1f3d;color:#fff;text-decoration:none;border-radius:6px">Finish paying</a></p>
<p>${escapeHtml(help)} <a href="${escapeHtml(whatsapp.url)}">Open WhatsApp</a></p>
<p style="font-size:12px;color:#666">${escapeHtml(stop)} <a href="${escapeHtml(unsubscribeUrl)}">unsubscribe</a>.</p>
<p>${escapeHtml(brand)}</p>
</body></html>`;
  return { to, subject: `${brand}: order ${orderNumber} is waiting for payment`, text, html, headers };
}

/** An occasion reminder (lib/server/services/reminders.ts): seven days or one day before. */
export type ReminderMail = {
  to: string;
  brand: string;
  senderName: string;
  occasion: string;
  recipientName: string;
  /** The occasion's day this year (YYYY-MM-DD). */
  day: string;
  daysBefore: number;
  orderNumber: string;
  /** Last year's lines ('1 × Red Roses (Large)'). */
  items: string[];
  /** 'Send it again': fills the cart with last year's order at today's prices. */
  refillUrl: string;
  unsubscribeUrl: string;
  headers: Record<string, string>;
};

export function reminderMail(options: ReminderMail): MailMessage {
  const { to, brand, senderName, occasion, recipientName, day, daysBefore, orderNumber, items, refillUrl, unsubscribeUrl, headers } = options;
  const greeting = senderName ? `Dear ${senderName},` : 'Hello,';
  const whose = reminderTitle(occasion, recipientName);
  const when = daysBefore === 1 ? 'is tomorrow' : `is in ${daysBefore} days`;
  const dayText = formatCartDate(day);
  const line = `${whose} ${when} (${dayText}). You asked us to remind you.`;
  const last = `Last year you sent (order ${orderNumber}):`;
  const again = 'Send it again: the link puts the same in your cart at today\'s prices. If something is sold out we choose the closest match and say so before you pay.';
  const stop = 'To stop this reminder:';
  const text = [greeting, '', line, '', last, ...items.map((i) => `- ${i}`), '', again, refillUrl, '', `${stop} ${unsubscribeUrl}`, '', brand].join('\n');
  const html = `<!doctype html><html><body style="font-family:Arial,sans-serif;color:#222">
<p>${escapeHtml(greeting)}</p>
<p><strong>${escapeHtml(line)}</strong></p>
<p>${escapeHtml(last)}</p>
<ul>${items.map((i) => `<li>${escapeHtml(i)}</li>`).join('')}</ul>
<p><a href="${escapeHtml(refillUrl)}" style="display:inline-block;padding:12px 20px;background:#7a1f3d;color:#fff;text-decoration:none;border-radius:6px">Send it again</a></p>
<p>${escapeHtml(again)}</p>
<p style="font-size:12px;color:#666">${escapeHtml(stop)} <a href="${escapeHtml(unsubscribeUrl)}">unsubscribe</a>.</p>
<p>${escapeHtml(brand)}</p>
</body></html>`;
  return { to, subject: `${brand}: ${whose} ${when}`, text, html, headers };
}
