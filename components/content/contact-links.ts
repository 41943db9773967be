/** Links for calling, messaging and e-mailing a branch. Pure, so that they can be tested directly. */

/**
 * A `tel:` link: the number's digits, keeping a leading +.
 * @example telHref('+234 803 000 0001') // 'tel:+2348030000001'
 */
export function telHref(phone: string): string {
  return `tel:${phone.trim().startsWith('+') ? '+' : ''}${phone.replace(/\D/g, '')}`;
}

/**
 * A WhatsApp chat link with a prefilled message (wa.me wants the number as digits only, with
 * the country code).
 * @example whatsappHref('+234 803 000 0001', 'Hello') // 'https://wa.me/2348030000001?text=Hello'
 */
export function whatsappHref(number: string, text: string): string {
  let digits = number.replace(/\D/g, '');
  if (digits.startsWith('0')) digits = `234${digits.slice(1)}`;
  return `https://wa.me/${digits}?text=${encodeURIComponent(text)}`;
}

/** The prefilled WhatsApp message for a branch. */
export function whatsappGreeting(brandName: string, city: string): string {
  return `Hello ${brandName} ${city}, I would like help with an order. My order number (if I have one): `;
}
