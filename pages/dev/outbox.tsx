/**
 * /dev/outbox: the e-mails the shop "sent" without an SMTP server (newest first), so that a
 * one-time password can be read during development. A bare page (no shop layout); 404 when the
 * operator runs the shop in production (`isLiveProduction()`, the payment sandbox's rule: a plain
 * `npm start` keeps it, `NODE_ENV=production npm start` does not).
 */
import type { GetServerSideProps, InferGetServerSidePropsType } from 'next';
import Head from 'next/head';
import { Link } from '@/components/ui/link';
import { getConfig } from '@/lib/server/config';
import { isLiveProduction } from '@/lib/server/operator';
import { readOutbox, type OutboxEntry } from '@/lib/server/mail/outbox';

type Props = { entries: OutboxEntry[]; to: string };

export const getServerSideProps = (async ({ query, res }) => {
  if (isLiveProduction()) return { notFound: true };
  const config = getConfig();
  const to = typeof query.to === 'string' ? query.to.slice(0, 254) : '';
  res.setHeader('Cache-Control', 'private, no-store');
  res.setHeader('X-Robots-Tag', 'noindex');
  return { props: { entries: await readOutbox(config.dataDir, { to: to || undefined, limit: 50 }), to } };
}) satisfies GetServerSideProps<Props>;

const page = { fontFamily: 'system-ui, sans-serif', maxWidth: 860, margin: '2rem auto', padding: '0 1rem', color: '#222' } as const;
const card = { border: '1px solid #ccc', borderRadius: 6, padding: '0.75rem 1rem', margin: '1rem 0' } as const;
const pre = { whiteSpace: 'pre-wrap', background: '#f6f6f6', padding: '0.75rem', margin: '0.5rem 0 0' } as const;

export default function DevOutbox({ entries, to }: InferGetServerSidePropsType<typeof getServerSideProps>) {
  return (
    <main style={page}>
      <Head>
        <title>Dev outbox</title>
        <meta name="robots" content="noindex" />
      </Head>
      <h1>Dev outbox</h1>
      <p>
        E-mails written instead of sent because <code>SMTP_URL</code> is not set (newest first). This page does not exist in
        production.
      </p>
      <form method="get">
        <label>
          Recipient <input type="email" name="to" defaultValue={to} />
        </label>{' '}
        <button type="submit">Filter</button> <Link href="/dev/outbox">All</Link>
      </form>
      {entries.length === 0 ? (
        <p>No e-mails{to ? ` to ${to}` : ''} yet.</p>
      ) : (
        entries.map((entry) => (
          <article key={entry.id} style={card}>
            <h2 style={{ fontSize: '1.05rem', margin: 0 }}>{entry.subject}</h2>
            <p style={{ margin: '0.25rem 0', fontSize: '0.9rem' }}>
              To <strong>{entry.to}</strong> from {entry.from}, <time dateTime={entry.at}>{entry.at.replace('T', ' ').slice(0, 19)} UTC</time>
            </p>
            <pre style={pre}>{entry.text}</pre>
          </article>
        ))
      )}
    </main>
  );
}
