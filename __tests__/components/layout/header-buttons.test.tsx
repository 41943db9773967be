/** The header's cart, account and currency buttons. */
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderToString } from 'react-dom/server';
import { CartButton } from '@/components/layout/header/cart-button';
import { CurrencySwitcher } from '@/components/layout/header/currency-switcher';
import { UserButton } from '@/components/layout/header/user-button';
import { readStored, STORAGE_KEYS } from '@/lib/state/storage';
import { CurrencyProvider, useCurrency } from '@/lib/state/currency-context';
import { ShellProvider } from '@/lib/state/shell-context';
import { renderWithShell, SHELL } from '../../helpers/render';

jest.mock('@/lib/ui/notify');

describe('CartButton', () => {
  it.each([
    [0, 'Cart, 0 items', null],
    [1, 'Cart, 1 item', '1'],
    [5, 'Cart, 5 items', '5'],
    [9, 'Cart, 9 items', '9'],
    [10, 'Cart, 10 items', '9+'],
    [42, 'Cart, 42 items', '9+'],
  ])('with %i items is named "%s" and shows badge %p', (count, name, badge) => {
    render(<CartButton count={count} onOpen={() => {}} />);
    const button = screen.getByRole('button', { name });
    expect(button).toHaveTextContent(badge ?? '');
    if (badge === null) expect(button.textContent).toBe('');
  });

  it('calls onOpen when pressed', async () => {
    const onOpen = jest.fn();
    render(<CartButton count={3} onOpen={onOpen} />);
    await userEvent.click(screen.getByRole('button', { name: 'Cart, 3 items' }));
    expect(onOpen).toHaveBeenCalledTimes(1);
  });
});

describe('UserButton', () => {
  it('offers LOGIN / REGISTER to a guest', async () => {
    const onLogin = jest.fn();
    render(<UserButton user={null} onLogin={onLogin} onLogout={jest.fn()} />);
    await userEvent.click(screen.getByRole('button', { name: 'LOGIN / REGISTER' }));
    expect(onLogin).toHaveBeenCalledTimes(1);
    expect(screen.queryByText(/Logged in as/)).not.toBeInTheDocument();
  });

  it('shows the first letter of the name, and a panel with the e-mail and Logout', async () => {
    const onLogout = jest.fn();
    const user = userEvent.setup();
    render(<UserButton user={{ name: 'ada Obi', email: 'ada@example.com' }} onLogin={jest.fn()} onLogout={onLogout} />);
    expect(screen.queryByRole('button', { name: 'LOGIN / REGISTER' })).not.toBeInTheDocument();
    const button = screen.getByRole('button', { name: 'Account of ada@example.com' });
    expect(button).toHaveTextContent(/^A$/);
    expect(button).toHaveAttribute('aria-expanded', 'false');
    expect(screen.getByText(/Logged in as/)).not.toBeVisible();

    await user.click(button);
    expect(button).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByText(/Logged in as/)).toHaveTextContent('Logged in as ada@example.com');
    expect(screen.getByText(/Logged in as/)).toBeVisible();
    await user.keyboard('{Escape}');
    expect(screen.getByText(/Logged in as/)).not.toBeVisible();
    expect(button).toHaveFocus();

    await user.click(button);
    await user.click(screen.getByRole('button', { name: 'Logout' }));
    expect(onLogout).toHaveBeenCalledTimes(1);
    expect(screen.getByText(/Logged in as/)).not.toBeVisible();
  });

  it("offers a guest no account links, and a user the account's sections above Logout; following one closes the panel", async () => {
    const user = userEvent.setup();
    const { rerender } = render(<UserButton user={null} onLogin={jest.fn()} onLogout={jest.fn()} />);
    expect(screen.queryByRole('link', { name: 'My orders' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Address book' })).not.toBeInTheDocument();

    rerender(<UserButton user={{ email: 'ada@example.com' }} onLogin={jest.fn()} onLogout={jest.fn()} />);
    expect(screen.queryByRole('link', { name: 'My orders' })).not.toBeInTheDocument(); // closed: hidden
    const button = screen.getByRole('button', { name: 'Account of ada@example.com' });
    await user.click(button);
    const orders = screen.getByRole('link', { name: 'My orders' });
    const links = screen.getAllByRole('link').filter((link) => link.getAttribute('href')?.startsWith('/account'));
    // The account's four sections, above Logout, in that order.
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['My orders', '/account'],
      ['Address book', '/account/addresses'],
      ['Reminders', '/account/reminders'],
      ['Profile', '/account/profile'],
    ]);
    const logout = screen.getByRole('button', { name: 'Logout' });
    expect(links.at(-1)!.compareDocumentPosition(logout) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();

    // jsdom cannot navigate: the link's own handler runs, the browser's navigation does not.
    const stay = (event: MouseEvent) => event.preventDefault();
    document.addEventListener('click', stay);
    await user.click(orders);
    document.removeEventListener('click', stay);
    expect(button).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('link', { name: 'My orders' })).not.toBeInTheDocument();
  });

  it('uses the e-mail when there is no name', () => {
    render(<UserButton user={{ email: 'bola@example.com' }} onLogin={jest.fn()} onLogout={jest.fn()} />);
    expect(screen.getByRole('button', { name: 'Account of bola@example.com' })).toHaveTextContent(/^B$/);
  });
});

function Price({ naira }: { naira: number }) {
  return <p data-testid="price">{useCurrency().price(naira)}</p>;
}

describe('CurrencySwitcher', () => {
  it('sends its toggle in the server HTML, and its choices (which need JavaScript) only once hydrated', () => {
    const html = renderToString(
      <ShellProvider value={SHELL}>
        <CurrencyProvider currencies={SHELL.currencies}>
          <CurrencySwitcher />
        </CurrencyProvider>
      </ShellProvider>,
    );
    expect(html).toContain('Currency: </span>₦ NGN</button>');
    expect(html).toMatch(/<ul [^>]*aria-label="Choose a currency" hidden=""><\/ul>/);
    renderWithShell(<CurrencySwitcher />);
    expect(screen.getAllByRole('button', { hidden: true }).map((b) => b.textContent)).toEqual(['Currency: ₦ NGN', '₦ NGN', '$ USD', '£ GBP']);
  });

  it('opens a panel, closes it when a currency is picked, and prices follow (and the choice is saved)', async () => {
    const user = userEvent.setup();
    renderWithShell(
      <>
        <CurrencySwitcher />
        <Price naira={45000} />
      </>,
    );
    const toggle = screen.getByRole('button', { name: 'Currency: ₦ NGN' });
    expect(screen.getByTestId('price')).toHaveTextContent('₦45,000');
    expect(screen.queryByRole('list', { name: 'Choose a currency' })).not.toBeInTheDocument();

    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('button', { name: '₦ NGN', pressed: true })).toBeVisible();
    await user.click(screen.getByRole('button', { name: '$ USD' }));

    expect(screen.queryByRole('list', { name: 'Choose a currency' })).not.toBeInTheDocument();
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(toggle).toHaveAccessibleName('Currency: $ USD');
    expect(screen.getByTestId('price')).toHaveTextContent('$65');
    expect(readStored(STORAGE_KEYS.currency)).toBe('USD');

    await user.click(toggle);
    await user.click(screen.getByRole('button', { name: '£ GBP' }));
    expect(screen.getByTestId('price')).toHaveTextContent('£51');
  });

  it('closes on Escape with focus back on its button, and on a press outside', async () => {
    const user = userEvent.setup();
    renderWithShell(<CurrencySwitcher />);
    const toggle = screen.getByRole('button', { name: /Currency/ });
    await user.click(toggle);
    await user.tab();
    await user.keyboard('{Escape}');
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(toggle).toHaveFocus();
    await user.click(toggle);
    await user.click(document.body);
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
  });
});
