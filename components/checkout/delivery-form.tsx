/**
 * Stage 1 of the checkout (spec sections 3 and 5), loaded when the stage shows: the sender, the
 * delivery method, the recipient and zone (delivery) or the pickup point (pick-up), the day, the
 * card message, occasion and notes. It starts from the order's saved details. The sender block
 * is saved as soon as it is complete (debounced; errors ignored). 'Continue to payment' checks
 * every field, sends the checkout call and moves to stage 2; a refusal says 'Unable to update
 * order: {message}' and keeps everything typed. An account created with the order logs in.
 */
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { checkoutOrder, saveSenderInfo } from '@/lib/api/calls';
import { useApi } from '@/lib/state/browser-api';
import type { Order } from '@/lib/contracts/orders';
import type { DeliverySettings } from '@/lib/contracts/settings';
import { earliestDeliveryDay, PURPOSES } from '@/lib/domain/checkout';
import { deliveryConfigFor } from '@/lib/domain/delivery';
import { branchOfOrder } from '@/lib/domain/capacity';
import { shopDay } from '@/lib/domain/dates';
import { fillAmounts } from '@/lib/domain/money';
import { useCart } from '@/lib/state/cart-context';
import { useCurrency } from '@/lib/state/currency-context';
import { dispatchOrder } from '@/lib/state/checkout-order';
import { useUser } from '@/lib/state/user-context';
import { notify } from '@/lib/ui/notify';
import { initialValues, nationalPhone, savedRecipientsOf, senderComplete, type FormContext } from './checkout-form';
import { checkoutBody, senderInfoBody } from './checkout-payload';
import { DateField } from './date-field';
import { Select, TextArea } from './form-fields';
import { CHECKOUT_TEXT, messageOf } from './messages';
import { PickupFields } from './pickup-fields';
import { RecipientFields } from './recipient-fields';
import { SenderFields } from './sender-fields';
import type { FeeChoice } from './summary-lines';
import { useCheckoutForm } from './use-checkout-form';
import styles from './checkout.module.css';

/** How long the sender block stays unchanged before it is saved. */
export const SENDER_SAVE_DELAY_MS = 800;

type Props = { order: Order; settings: DeliverySettings; onChoice(choice: FeeChoice): void };

export function DeliveryForm({ order, settings, onChoice }: Props) {
  const getApi = useApi();
  const { user, login } = useUser();
  const { currency } = useCurrency();
  const { deliveryDate: cartDay, setDeliveryDate } = useCart();
  const [busy, setBusy] = useState(false);
  const now = new Date();
  const today = shopDay(now);
  const loggedIn = user !== null;

  const ctx: FormContext = {
    loggedIn,
    earliestDay: earliestDeliveryDay(now, settings.sameDayCutoffHour, today),
    hasZones: (state) => (deliveryConfigFor(settings, today).stateDeliveryZones.find((s) => s.state === state)?.zones.length ?? 0) > 0,
  };
  const form = useCheckoutForm(initialValues(order, user, cartDay), ctx);
  const { values, set, field } = form;
  const config = deliveryConfigFor(settings, values.deliveryDate || today);

  // A shopper who logs in meanwhile gets their name, e-mail and profile phone filled in.
  useEffect(() => {
    if (!user || values.senderEmail) return;
    const code = user.phoneCountryCode || values.senderCountryCode;
    const phone = !values.senderPhoneNumber && user.phone ? { senderPhoneNumber: nationalPhone(user.phone, code), senderCountryCode: code } : {};
    set({ senderEmail: user.email, senderName: values.senderName || user.name, ...phone });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only when the user changes
  }, [user]);

  // The summary follows the delivery choice.
  const { deliveryMethod: method, state, zone, deliveryDate: day } = values;
  useEffect(() => onChoice({ method, state, zone, day }), [onChoice, method, state, zone, day]);

  // The sender block is saved once complete, after a pause, and again when it changes.
  const senderKey = senderComplete(values, ctx) ? JSON.stringify(senderInfoBody(values)) : null;
  const saved = useRef(senderKey);
  useEffect(() => {
    if (!senderKey || senderKey === saved.current) return;
    const timer = setTimeout(() => {
      saved.current = senderKey;
      getApi()
        .then((api) => saveSenderInfo(api, order.id, JSON.parse(senderKey) as ReturnType<typeof senderInfoBody>))
        .catch(() => undefined);
    }, SENDER_SAVE_DELAY_MS);
    return () => clearTimeout(timer);
  }, [senderKey, getApi, order.id]);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy || !form.check()) return;
    setBusy(true);
    try {
      const answer = await checkoutOrder(await getApi(), order.id, checkoutBody(values, { loggedIn, currency: currency.name }));
      setBusy(false);
      if (answer.user) login(answer.user);
      if (answer.accountNotice) notify('info', answer.accountNotice);
      dispatchOrder({ type: 'setOrder', order: answer.order });
      dispatchOrder({ type: 'setStage', stage: 2 });
    } catch (error) {
      setBusy(false);
      notify('error', CHECKOUT_TEXT.updateFailed(messageOf(error)));
    }
  }

  const purposes = PURPOSES.includes(values.purpose as (typeof PURPOSES)[number]) || !values.purpose ? [...PURPOSES] : [...PURPOSES, values.purpose];

  return (
    <form className={styles.form} noValidate onSubmit={(e) => void submit(e)} aria-labelledby="checkout-stage-title">
      <h2 id="checkout-stage-title" className={styles.stageTitle}>
        Delivery details
      </h2>
      <p className={styles.hint}>Fields marked * are required.</p>
      <SenderFields form={form} loggedIn={loggedIn} />

      <fieldset className={styles.section}>
        <legend className={styles.sectionTitle}>Delivery method</legend>
        <div className={styles.choices}>
          <label className={styles.choice}>
            <input type="radio" name="deliveryMethod" value="delivery" checked={method === 'delivery'} onChange={() => set({ deliveryMethod: 'delivery' })} />
            <span>
              <strong>Delivery</strong>
              <span className={styles.choiceText}>We bring it to the recipient in Lagos, Abuja or another state.</span>
            </span>
          </label>
          <label className={styles.choice}>
            <input type="radio" name="deliveryMethod" value="pick-up" checked={method === 'pick-up'} onChange={() => set({ deliveryMethod: 'pick-up' })} />
            <span>
              <strong>Pick-up</strong>
              <span className={styles.choiceText}>Collect it from one of our shops in Ikoyi, Lekki or Abuja, free of charge.</span>
            </span>
          </label>
        </div>
      </fieldset>

      {method === 'delivery' ? (
        <RecipientFields form={form} settings={settings} config={config} subtotal={order.amounts.subtotal} discount={order.amounts.discount} loggedIn={loggedIn} recipients={savedRecipientsOf(user)} />
      ) : (
        <PickupFields form={form} />
      )}

      <fieldset className={styles.section}>
        <legend className={styles.sectionTitle}>{method === 'pick-up' ? 'Pickup day and card' : 'Delivery day and card'}</legend>
        <DateField
          {...field('deliveryDate')}
          firstDay={ctx.earliestDay}
          // The branch that will prepare it, once the form says (a delivery needs its state first).
          branch={method === 'delivery' && !state ? null : branchOfOrder({ deliveryMethod: method, despatchLocation: values.pickUpLocation || null, state: state || null })}
          onChange={(next) => {
            set({ deliveryDate: next });
            void setDeliveryDate(next);
          }}
        />
        {config.minAmountInfoText && <p className={styles.hint}>{fillAmounts(config.minAmountInfoText, currency)}</p>}
        <TextArea {...field('message')} maxLength={1000} hint="We write it on the card that goes with your gift." />
        <Select {...field('purpose')} options={purposes.map((p) => ({ value: p, label: p }))} placeholder="Choose an occasion" />
        <TextArea {...field('additionalInfo')} maxLength={2000} />
      </fieldset>

      <button type="submit" className={styles.primary} disabled={busy} aria-busy={busy || undefined}>
        {busy ? 'Saving…' : 'Continue to payment'}
      </button>
    </form>
  );
}
