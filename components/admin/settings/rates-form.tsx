/**
 * The currency rates of /admin/settings: naira per US dollar and per British pound (the naira's
 * own rate is 1), each with the time it last changed and what a sample price becomes. A rate
 * outside ₦100–₦20,000 is refused before sending; one that moves by more than 20% asks for a
 * confirmation first (the server refuses it unconfirmed too). `PUT /admin/api/settings/rates`.
 */
import { useState, type FormEvent } from 'react';
import { LARGE_RATE_MOVE, largeMoveText, RATE_RANGE, RATED_CURRENCIES, rateMove, type AdminRate, type RatedCurrency } from '@/lib/contracts/settings-admin';
import { formatNaira, formatPrice } from '@/lib/domain/money';
import { useStaffCall } from '../use-staff-call';
import { SettingField } from './setting-field';
import { changedText, nairaText, typedNaira } from './settings-text';
import admin from '../admin.module.css';
import styles from './settings.module.css';

const LABELS: Record<RatedCurrency, string> = { USD: 'Naira per US dollar', GBP: 'Naira per British pound' };
/** The price the example under each rate converts. */
const SAMPLE_PRICE = 45_000;

type Props = { rates: AdminRate[]; onSaved: (rates: AdminRate[]) => void };

export function RatesForm({ rates, onSaved }: Props) {
  const rateOf = (code: RatedCurrency) => rates.find((r) => r.name === code)!;
  const [typed, setTyped] = useState<Record<RatedCurrency, string>>(() => ({ USD: nairaText(rateOf('USD').conversionRate), GBP: nairaText(rateOf('GBP').conversionRate) }));
  const [confirming, setConfirming] = useState<string[] | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const { busy, error, setError, run } = useStaffCall();
  const next = { USD: typedNaira(typed.USD), GBP: typedNaira(typed.GBP) };
  const changed = RATED_CURRENCIES.some((code) => next[code] !== rateOf(code).conversionRate);

  async function send(confirmLargeChange: boolean) {
    setConfirming(null);
    const answer = await run((api) => api.staffSaveRates({ ...next, ...(confirmLargeChange && { confirmLargeChange }) }));
    if (!answer) return;
    setTyped({ USD: nairaText(next.USD), GBP: nairaText(next.GBP) });
    onSaved(answer.rates);
    setNotice(answer.message);
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    setNotice(null);
    for (const code of RATED_CURRENCIES) {
      const value = next[code];
      if (!Number.isInteger(value) || value < RATE_RANGE.min || value > RATE_RANGE.max) {
        setError(`${LABELS[code]} must be a whole number of naira from ${formatNaira(RATE_RANGE.min)} to ${formatNaira(RATE_RANGE.max)}`);
        return;
      }
    }
    const large = RATED_CURRENCIES.filter((code) => rateMove(rateOf(code).conversionRate, next[code]) > LARGE_RATE_MOVE).map((code) => largeMoveText(code, rateOf(code).conversionRate, next[code]));
    if (large.length > 0) {
      setError(null);
      setConfirming(large);
      return;
    }
    void send(false);
  }

  return (
    <form className={`${admin.card} ${admin.form}`} onSubmit={submit} aria-labelledby="rates-title" noValidate>
      <div>
        <h2 className={styles.cardTitle} id="rates-title">
          Currency rates
        </h2>
        <p className={styles.muted}>Prices are set in naira; shoppers paying in dollars or pounds see them divided by these rates, rounded up.</p>
      </div>
      {RATED_CURRENCIES.map((code) => {
        const value = next[code];
        const sample = Number.isInteger(value) && value > 0 ? formatPrice(SAMPLE_PRICE, { ...rateOf(code), conversionRate: value }) : '…';
        return (
          <SettingField
            key={code}
            label={`${LABELS[code]} (₦ per ${rateOf(code).sign}1)`}
            hint={changedText(rateOf(code).updatedAt)}
            note={`A ${formatNaira(SAMPLE_PRICE)} bouquet shows as ${sample}`}
            amount
            value={typed[code]}
            onValue={(value) => setTyped((t) => ({ ...t, [code]: value }))}
          />
        );
      })}
      {confirming && (
        <div className={styles.confirm} role="alertdialog" aria-labelledby="rates-confirm">
          <p id="rates-confirm">
            {confirming.map((line) => (
              <span key={line} className={styles.confirmLine}>{`${line}.`}</span>
            ))}
            That is more than {LARGE_RATE_MOVE * 100}%: every price in that currency changes at once. Is the rate right?
          </p>
          <div className={styles.buttons}>
            <button type="button" className={admin.primary} disabled={busy} onClick={() => void send(true)}>
              Yes, change the rate
            </button>
            <button type="button" className={admin.secondary} onClick={() => setConfirming(null)}>
              Check again
            </button>
          </div>
        </div>
      )}
      {error && (
        <p className={admin.error} role="alert">
          {error}
        </p>
      )}
      {notice && !changed && (
        <p className={admin.notice} role="status">
          {notice}
        </p>
      )}
      <div className={styles.buttons}>
        <button type="submit" className={admin.primary} disabled={busy || !changed || confirming !== null}>
          {busy ? 'Saving…' : 'Save rates'}
        </button>
      </div>
    </form>
  );
}
