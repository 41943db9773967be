/**
 * The shopper's side of a provider fake's hosted checkout page, for payment tests: pressing one of
 * its buttons, and the return query the checkout page would verify.
 */

/** Presses a button on the hosted page (Pay, Decline, Cancel) and answers where the shopper is sent (303). */
export async function decide(redirectUrl: string, decision: 'pay' | 'fail' | 'cancel'): Promise<URL> {
  const res = await fetch(redirectUrl, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: `decision=${decision}`, redirect: 'manual' });
  if (res.status !== 303) throw new Error(`the hosted page answered ${res.status}, not 303`);
  return new URL(res.headers.get('location')!);
}

/** The provider's part of the return URL's query: what the checkout page sends to verify. */
export function returnQuery(back: URL): Record<string, string> {
  return Object.fromEntries([...back.searchParams].filter(([k]) => k !== 'orderId' && k !== 'payment'));
}
