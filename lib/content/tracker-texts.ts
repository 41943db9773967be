/**
 * The order tracker's longer texts. The tracker page sends them as page data (its
 * getServerSideProps is the only part of the page that imports this module, so they stay out of
 * its bundle, which keeps its first-load JavaScript under 128 kB gzip); its components take the
 * ones they show as a `texts` prop (components/order-tracker/texts.ts, `OrderViewTexts`). The
 * account's order pages, far from that limit, import them.
 */
export const TRACKER_PAGE_TEXTS = {
  description: 'Follow your flower delivery or pickup in Lagos and Abuja with your order number: status, payment, delivery date and every step on the way.',
  lead: 'Enter the order number from your confirmation e-mail (for example RF-100234) to see where your flowers are.',
  emailHint: 'Add the e-mail used at checkout to see the delivery details and leave a review',
  partPaid: 'We have received part of your payment. Please contact us to pay the rest: we prepare your order once it is paid in full.',
  deliveryPhoto: 'Photo taken by our rider at delivery',
  notFound: 'We could not find an order with that number. Check the number in your confirmation e-mail.',
  unavailable: 'Tracking is briefly unavailable. Please try again.',
};

export type TrackerPageTexts = typeof TRACKER_PAGE_TEXTS;
