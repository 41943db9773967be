/**
 * 'Sign up for latest news' (spec section 2): a button that opens the newsletter form. The form
 * and the API client load on that click, keeping them out of every page's first load.
 */
import { useState, type ComponentType } from 'react';
import styles from './newsletter.module.css';

type Form = ComponentType<{ onDone(): void }>;

export function Newsletter() {
  const [Form, setForm] = useState<Form | null>(null);
  if (Form) return <Form onDone={() => setForm(null)} />;
  return (
    <button type="button" className={styles.open} onClick={() => void import('@/components/layout/newsletter-form').then((m) => setForm(() => m.default))}>
      Sign up for latest news
    </button>
  );
}
