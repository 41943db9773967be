/**
 * What a shopper types or chooses before the page's code has arrived reaches React once it has
 * hydrated (lib/ui/scripts-after-paint.mjs): the server's markup of a form with controlled fields,
 * the loader evaluated as the browser runs it, fields filled as a person does before hydration,
 * then React hydrates over the same markup and an effect calls the loader's hook, as
 * pages/_app.tsx does.
 * A submit tapped before then is replayed after the fields, so it sends what the page shows.
 */
import { renderToString } from 'react-dom/server';
import { act, render, screen } from '@testing-library/react';
import { useEffect, useState, type FormEvent } from 'react';
import { HYDRATED_HOOK, LOADER, SCRIPT_LIST_ID, scriptListJson } from '@/lib/ui/scripts-after-paint.mjs';

type Sent = { email: string; city: string; note: string; currency: string; gift: boolean; size: string; file: string };

/** The page as pages/_app.tsx runs it: once hydrated, an effect calls the loader's hook. */
function Page({ onSend }: { onSend: (sent: Sent) => void }) {
  useEffect(() => (window as unknown as Record<string, (() => void) | undefined>)[HYDRATED_HOOK]?.(), []);
  return <Form onSend={onSend} />;
}

function Form({ onSend }: { onSend: (sent: Sent) => void }) {
  const [email, setEmail] = useState('');
  const [city, setCity] = useState('Lagos');
  const [note, setNote] = useState('');
  const [currency, setCurrency] = useState('NGN');
  const [gift, setGift] = useState(false);
  const [size, setSize] = useState('standard');
  const [file, setFile] = useState('');
  const send = (event: FormEvent) => {
    event.preventDefault();
    onSend({ email, city, note, currency, gift, size, file });
  };
  return (
    <form onSubmit={send}>
      <input aria-label="Email" type="email" value={email} onChange={(e) => setEmail(e.target.value)} />
      <input aria-label="City" value={city} onChange={(e) => setCity(e.target.value)} />
      <textarea aria-label="Note" value={note} onChange={(e) => setNote(e.target.value)} />
      <select aria-label="Currency" value={currency} onChange={(e) => setCurrency(e.target.value)}>
        <option value="NGN">NGN</option>
        <option value="GBP">GBP</option>
      </select>
      <input aria-label="A gift" type="checkbox" checked={gift} onChange={(e) => setGift(e.target.checked)} />
      {['standard', 'deluxe'].map((s) => (
        <input key={s} aria-label={s} type="radio" name="size" value={s} checked={size === s} onChange={() => setSize(s)} />
      ))}
      <input aria-label="Statement" type="file" onChange={(e) => setFile(e.target.files?.[0]?.name ?? '')} />
      <p>{`Email: ${email}`}</p>
      <button type="submit">Send</button>
    </form>
  );
}

const type = (el: HTMLInputElement | HTMLTextAreaElement, value: string) => {
  el.value = value;
  el.dispatchEvent(new Event('input', { bubbles: true }));
};

function serverPage() {
  document.head.innerHTML = `<script id="${SCRIPT_LIST_ID}" type="application/json">${scriptListJson([])}</script>`;
  const container = document.body.appendChild(document.createElement('div'));
  container.innerHTML = renderToString(<Page onSend={() => undefined} />);
  new Function(LOADER)();
  return container;
}

/** Hydrates the server's markup; the loader replays in a task of its own, which this waits for. */
const hydrate = async (container: HTMLElement, onSend: (sent: Sent) => void) => {
  render(<Page onSend={onSend} />, { container, hydrate: true });
  await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
};

afterEach(() => {
  document.body.innerHTML = '';
});

it('tells React about every field filled before hydration, then replays the held submit with them', async () => {
  const container = serverPage();
  const field = (label: string) => container.querySelector<HTMLInputElement>(`[aria-label="${label}"]`)!;
  type(field('Email'), 'ada@example.com');
  type(field('City'), ''); // a prefilled field emptied
  type(container.querySelector('textarea')!, 'Happy birthday, Mum');
  const select = container.querySelector('select')!;
  select.value = 'GBP';
  select.dispatchEvent(new Event('change', { bubbles: true }));
  field('A gift').click();
  field('deluxe').click();
  // As in a browser: the chosen file's name as its value, which only the browser itself can set.
  Object.defineProperty(field('Statement'), 'files', { value: [new File(['a'], 'statement.csv')] });
  Object.defineProperty(field('Statement'), 'value', {
    get: () => 'C:\\fakepath\\statement.csv',
    set: (value: string) => {
      if (value !== '') throw new DOMException('A file input’s value can only be emptied', 'InvalidStateError');
    },
  });
  field('Statement').dispatchEvent(new Event('change', { bubbles: true }));
  screen.getByRole('button', { name: 'Send' }).click(); // held by the loader until hydration

  const sent: Sent[] = [];
  await hydrate(container, (s) => sent.push(s));

  expect(screen.getByText('Email: ada@example.com')).toBeInTheDocument();
  expect(sent).toEqual([{ email: 'ada@example.com', city: '', note: 'Happy birthday, Mum', currency: 'GBP', gift: true, size: 'deluxe', file: 'statement.csv' }]);
  // The fields show what was typed, and stay as they were.
  expect(field('Email').value).toBe('ada@example.com');
  expect(field('A gift').checked).toBe(true);
  expect(field('deluxe').checked).toBe(true);
});

it('leaves fields nobody touched, and after hydration leaves the fields to React', async () => {
  const container = serverPage();
  const sent: Sent[] = [];
  await hydrate(container, (s) => sent.push(s));
  screen.getByRole('button', { name: 'Send' }).click();
  expect(sent).toEqual([{ email: '', city: 'Lagos', note: '', currency: 'NGN', gift: false, size: 'standard', file: '' }]);
});
