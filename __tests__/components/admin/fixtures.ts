/** Back-office answers as /admin/api answers them, for the board's and the order page's tests. */
import type { Board, BoardRow, StaffOrder } from '@/lib/contracts/backoffice';
import type { Order } from '@/lib/contracts/orders';
import type { StaffMe } from '@/lib/contracts/staff';
import { BOARD_STATES, type BoardState } from '@/lib/domain/backoffice';

export const MANAGER: StaffMe = { id: 'm-1', email: 'ada@example.com', name: 'Ada Obi', role: 'manager', branch: null, passwordSet: true };
export const RIDER: StaffMe = { id: 'r-1', email: 'tunde@example.com', name: 'Tunde Bello', role: 'rider', branch: 'lagos', passwordSet: true };

export function row(n: number, overrides: Partial<BoardRow> = {}): BoardRow {
  return {
    id: `order-${n}`,
    orderNumber: `RF-10000${n}`,
    boardState: 'paid',
    deliveryDate: '2027-02-14',
    deliveryMethod: 'delivery',
    city: 'lagos',
    pickupPoint: null,
    zone: 'lagos-central',
    recipientName: `Recipient ${n}`,
    senderName: 'Ngozi Adeyemi',
    itemCount: 2,
    currency: 'NGN',
    totalInCurrency: 45000,
    createdAt: '2027-02-10T10:00:00.000Z',
    recovery: null,
    ...overrides,
  };
}

export function board(rows: BoardRow[], { counts, ...overrides }: Omit<Partial<Board>, 'counts'> & { counts?: Partial<Record<BoardState, number>> } = {}): Board {
  const zero = Object.fromEntries(BOARD_STATES.map((s) => [s, 0])) as Record<BoardState, number>;
  return { rows, total: rows.length, page: 1, pageSize: 25, counts: { ...zero, ...counts }, ...overrides };
}

export function order(overrides: Partial<Order> = {}): Order {
  const amounts = { subtotal: 90000, deliveryFee: 4500, discount: 0, total: 94500 };
  return {
    id: 'order-1',
    orderNumber: 'RF-100001',
    status: 'awaiting_payment',
    paymentState: 'awaiting_confirmation',
    paymentTest: false,
    paymentStatus: 'awaiting confirmation',
    paymentMethod: 'gtbTransfer',
    deliveryDate: '2027-02-14',
    deliveryMethod: 'delivery',
    currency: 'NGN',
    conversionRate: 1,
    amounts,
    amountsInCurrency: amounts,
    deliveryFeeQuotedByStaff: false,
    coupon: null,
    orderProducts: [
      {
        id: 'p-1',
        image: { src: '/media/p/red-velvet.webp', alt: 'Red Velvet bouquet' },
        name: 'Red Velvet',
        price: 45000,
        quantity: 2,
        size: 'Large',
        SKU: 'RV-L',
        design: { name: 'in-a-vase', title: 'In a vase', price: 0, quantity: 1 },
        lineTotal: 90000,
      },
    ],
    client: { email: 'ngozi@example.com', name: 'Ngozi Adeyemi', phone: '+2348097654321', phoneCountryCode: '+234' },
    deliveryDetails: {
      recipientName: 'Chiamaka Eze',
      recipientPhone: '08031234567',
      recipientPhoneCountryCode: '+234',
      recipientAltPhone: '',
      recipientAltPhoneCountryCode: '',
      recipientAddress: '14 Glover Road, Ikoyi',
      state: 'lagos',
      zone: 'lagos-central',
    },
    recipientAddress: '[Home] 14 Glover Road, Ikoyi',
    deliveryMessage: 'Happy birthday, my love!',
    purpose: 'Birthday',
    adminNotes: 'Call before delivery',
    despatchLocation: '',
    deliveryInstruction: '',
    pickupState: '',
    timeline: [],
    review: null,
    createdAt: '2027-02-10T10:00:00.000Z',
    ...overrides,
  };
}

export function staffOrder(overrides: Partial<StaffOrder> = {}, orderOverrides: Partial<Order> = {}): StaffOrder {
  return {
    order: order(orderOverrides),
    attempts: [{ provider: 'gtbTransfer', reference: 'RF-100001', amount: 'NGN 94,500.00', status: 'claimed', sandbox: false, note: '', at: '2027-02-10T10:05:00.000Z' }],
    history: [{ event: 'transfer_sent', actor: 'shopper', actorName: 'Shopper', from: 'awaiting_payment/unpaid', to: 'awaiting_payment/awaiting_confirmation', note: '', at: '2027-02-10T10:05:00.000Z' }],
    actions: ['confirm_transfer', 'cancel'],
    rider: null,
    riders: [],
    delivery: { photo: null, receivedBy: '' },
    recovery: null,
    receipts: [],
    transfers: { received: '₦0', total: '₦94,500', outstanding: '₦94,500', outstandingAmount: '94500' },
    notes: [],
    charges: [],
    ...overrides,
  };
}

export const ok = <T,>(data: T) => ({ data, error: false, message: 'OK' });
export const fail = (status: number, message: string) => ({ data: null, error: true, message, status });
