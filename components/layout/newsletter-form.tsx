/**
 * The newsletter form (loaded when the shopper asks for it): e-mail and a consent box, off by
 * default; subscribes through the API, with success and error toasts.
 */
import { useState, type FormEvent } from 'react';
import { useApi } from '@/lib/state/browser-api';
import { subscribe } from '@/lib/api/calls';
import { notify } from '@/lib/ui/notify';
import styles from './newsletter.module.css';

export default function NewsletterForm({ onDone }: { onDone(): void }) {
  const getApi = useApi();
  const [email, setEmail] = useState('');
  const [consent, setConsent] = useState(false);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!consent) {
      notify('error', 'Please tick the box to agree to receive our news');
      return;
    }
    setBusy(true);
    try {
      const result = await subscribe(await getApi(), { email });
      notify('success', result.alreadySubscribed ? `${result.email} is already subscribed` : 'Thank you! You are subscribed to our latest news');
      setEmail('');
      setConsent(false);
      onDone();
    } catch (error) {
      notify('error', `Unable to subscribe: ${error instanceof Error ? error.message : 'please try again'}`);
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className={styles.form} onSubmit={(event) => void submit(event)}>
      <label htmlFor="newsletter-email">E-mail address</label>
      <input id="newsletter-email" type="email" required autoFocus autoComplete="email" value={email} onChange={(e) => setEmail(e.target.value)} />
      <label className={styles.consent}>
        <input type="checkbox" checked={consent} onChange={(e) => setConsent(e.target.checked)} />
        <span>Yes, send me news and offers by e-mail</span>
      </label>
      <button type="submit" disabled={busy}>
        {busy ? 'Signing up…' : 'Sign up'}
      </button>
    </form>
  );
}
