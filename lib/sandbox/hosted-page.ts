/**
 * The hosted checkout page every fake provider shows (tests and the built-in sandbox): the
 * amount, the shop, and three buttons — Pay, Fail, Cancel — that post `decision` to the fake's
 * own action URL, which settles the transaction, sends the signed webhook and redirects back to
 * the shop like the real provider. Plain HTML with inline styles: it is served by the fake, not
 * by Next.
 */

const escape = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export type HostedPage = {
  providerLabel: string;
  /** e.g. '₦24,500.00' or '$35.00'. */
  amountText: string;
  reference: string;
  customerEmail: string;
  /** Where the buttons post (`decision` = pay | fail | cancel). */
  actionUrl: string;
};

export function renderHostedPage(page: HostedPage): string {
  const button = (decision: string, label: string, style: string) =>
    `<button name="decision" value="${decision}" style="${style}">${escape(label)}</button>`;
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escape(page.providerLabel)} sandbox checkout</title>
<style>
body{margin:0;font-family:system-ui,-apple-system,Segoe UI,Roboto,sans-serif;background:#f2f4f7;color:#1d2939}
main{max-width:420px;margin:48px auto;padding:28px;background:#fff;border-radius:14px;box-shadow:0 8px 30px rgba(16,24,40,.08)}
h1{font-size:1.15rem;margin:0 0 4px}p{margin:6px 0;color:#475467}.amount{font-size:2rem;font-weight:700;color:#101828;margin:18px 0}
.note{font-size:.85rem;background:#fffaeb;border:1px solid #fedf89;padding:10px;border-radius:8px;color:#93370d}
form{display:grid;gap:10px;margin-top:20px}button{font:inherit;font-weight:600;padding:12px;border-radius:10px;border:1px solid #d0d5dd;cursor:pointer;background:#fff}
</style></head>
<body><main>
<h1>${escape(page.providerLabel)} · sandbox</h1>
<p>Pay Regal Flowers</p>
<p class="amount">${escape(page.amountText)}</p>
<p>Reference ${escape(page.reference)}</p>
<p>${escape(page.customerEmail)}</p>
<p class="note">This is a test checkout: no card is charged and no money moves.</p>
<form method="post" action="${escape(page.actionUrl)}">
${button('pay', 'Pay', 'background:#027a48;color:#fff;border-color:#027a48')}
${button('fail', 'Simulate a declined card', '')}
${button('cancel', 'Cancel payment', '')}
</form>
</main></body></html>`;
}
