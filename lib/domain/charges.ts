/**
 * Money asked of the sender after the order was paid, or owed back to them, apart from the
 * order's own total (pure): the shop's rules say a redelivery needs another delivery fee, an
 * address or date change costs the fee difference (or is owed back when cheaper), and a
 * delivery to another state is quoted by staff and paid separately.
 *
 *   due ──paid by its link, or marked paid by staff──► paid
 *    └──waived by a manager──────────────────────────► waived
 *   refund_due ──staff record the refund─────────────► refunded
 */
export const CHARGE_KINDS = ['redelivery', 'change', 'quote'] as const;
export type ChargeKind = (typeof CHARGE_KINDS)[number];

export const CHARGE_STATUSES = ['due', 'paid', 'waived', 'refund_due', 'refunded'] as const;
export type ChargeStatus = (typeof CHARGE_STATUSES)[number];

export const CHARGE_KIND_LABELS: Record<ChargeKind, string> = {
  redelivery: 'Redelivery fee',
  change: 'Delivery change',
  quote: 'Delivery fee (quoted)',
};

export const CHARGE_STATUS_LABELS: Record<ChargeStatus, string> = {
  due: 'Awaiting payment',
  paid: 'Paid',
  waived: 'Waived',
  refund_due: 'Refund due',
  refunded: 'Refunded',
};

/** The moves staff make on a charge, and the status each leads from and to. */
export const CHARGE_MOVES = {
  mark_paid: { from: 'due', to: 'paid' },
  waive: { from: 'due', to: 'waived' },
  record_refund: { from: 'refund_due', to: 'refunded' },
} as const satisfies Record<string, { from: ChargeStatus; to: ChargeStatus }>;
export type ChargeMove = keyof typeof CHARGE_MOVES;

/** Why a charge in `status` cannot take `move`, or null when it can. */
export function chargeMoveRefusal(status: ChargeStatus, move: ChargeMove): string | null {
  return CHARGE_MOVES[move].from === status ? null : `This charge is ${CHARGE_STATUS_LABELS[status].toLowerCase()}: it cannot be ${move === 'mark_paid' ? 'marked paid' : move === 'waive' ? 'waived' : 'marked refunded'}`;
}

/**
 * What a change of delivery costs: the new fee less the fee paid, in minor units. Positive: a
 * charge; negative: owed back; zero: nothing.
 * @example feeDifference(450000n, 1000000n) // 550000n
 */
export function feeDifference(paidMinor: bigint, newMinor: bigint): bigint {
  return newMinor - paidMinor;
}
