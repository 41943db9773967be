/**
 * The slide-in menu of small screens: a modal dialog opened by the menu button, with the main
 * menu as accordion groups, the currency switcher and the account section; focus moves in and
 * stays in, Escape / the close button / a route change close it, the page does not scroll.
 */
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Header } from '@/components/layout/header';
import { fakeRouter, renderWithShell } from '../../helpers/render';

const mockRouter = fakeRouter();
jest.mock('next/router', () => ({ useRouter: () => mockRouter }));
jest.mock('@/lib/ui/notify');

const menuButton = () => screen.getByRole('button', { name: 'Menu' });

async function openMenu(user: ReturnType<typeof userEvent.setup>) {
  await user.click(menuButton());
  return screen.findByRole('dialog', { name: 'Menu' });
}

describe('mobile menu', () => {
  it('opens a modal dialog with focus inside and the page scroll locked; Escape closes it and focus returns', async () => {
    const user = userEvent.setup();
    renderWithShell(<Header />);
    expect(menuButton()).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    const dialog = await openMenu(user);
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(menuButton()).toHaveAttribute('aria-expanded', 'true');
    expect(within(dialog).getByRole('button', { name: 'Close menu' })).toHaveFocus();
    expect(document.body.style.overflow).toBe('hidden');

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(menuButton()).toHaveFocus();
    expect(menuButton()).toHaveAttribute('aria-expanded', 'false');
    expect(document.body.style.overflow).toBe('');
  });

  it('expands one group at a time', async () => {
    const user = userEvent.setup();
    renderWithShell(<Header />);
    const dialog = await openMenu(user);
    const occasions = within(dialog).getByRole('button', { name: 'Occasions' });
    const gifts = within(dialog).getByRole('button', { name: 'Gifts' });
    expect(occasions).toHaveAttribute('aria-expanded', 'false');
    expect(within(dialog).queryByRole('link', { name: 'Bridal Bouquets' })).not.toBeInTheDocument();

    await user.click(occasions);
    expect(occasions).toHaveAttribute('aria-expanded', 'true');
    expect(within(dialog).getByRole('link', { name: 'Bridal Bouquets' })).toHaveAttribute('href', '/product-category/bridal-bouquets');

    await user.click(gifts);
    expect(gifts).toHaveAttribute('aria-expanded', 'true');
    expect(occasions).toHaveAttribute('aria-expanded', 'false');
    expect(within(dialog).queryByRole('link', { name: 'Bridal Bouquets' })).not.toBeInTheDocument();
    expect(within(dialog).getByRole('link', { name: 'Teddy Bears' })).toBeVisible();

    await user.click(gifts);
    expect(within(dialog).queryByRole('link', { name: 'Teddy Bears' })).not.toBeInTheDocument();
    for (const name of ['VIP Flowers', 'Plants', 'FAQ', 'Contact', 'Track']) expect(within(dialog).getByRole('link', { name })).toBeVisible();
  });

  it('keeps Tab focus inside the dialog', async () => {
    const user = userEvent.setup();
    renderWithShell(<Header />);
    const dialog = await openMenu(user);
    const close = within(dialog).getByRole('button', { name: 'Close menu' });
    const login = within(dialog).getByRole('button', { name: 'LOGIN / REGISTER' });
    await user.tab({ shift: true });
    expect(login).toHaveFocus();
    await user.tab();
    expect(close).toHaveFocus();
    // Through every control and round again, never leaving the dialog.
    for (let i = 0; i < 20; i++) {
      await user.tab();
      expect(dialog).toContainElement(document.activeElement as HTMLElement);
    }
  });

  it('has the currency switcher and closes with its close button and on route change', async () => {
    const user = userEvent.setup();
    renderWithShell(<Header />);
    let dialog = await openMenu(user);
    const currency = within(dialog).getByRole('button', { name: 'Currency: ₦ NGN' });
    await user.click(currency);
    await user.click(within(dialog).getByRole('button', { name: '£ GBP' }));
    expect(within(dialog).getByRole('button', { name: 'Currency: £ GBP' })).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Close menu' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(menuButton()).toHaveFocus();

    dialog = await openMenu(user);
    act(() => mockRouter.events.emit('routeChangeStart', '/contact'));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('offers LOGIN / REGISTER to a guest (closing the menu first) and Logout to a user', async () => {
    const onLogin = jest.fn();
    const onLogout = jest.fn();
    const user = userEvent.setup();
    const { rerender } = renderWithShell(<Header onLogin={onLogin} onLogout={onLogout} />);
    let dialog = await openMenu(user);
    expect(within(dialog).queryByRole('link', { name: 'My orders' })).not.toBeInTheDocument();
    expect(within(dialog).queryByRole('link', { name: 'Address book' })).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'LOGIN / REGISTER' }));
    expect(onLogin).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    rerender(<Header user={{ name: 'Ada', email: 'ada@example.com' }} onLogin={onLogin} onLogout={onLogout} />);
    dialog = await openMenu(user);
    expect(within(dialog).getByText(/Logged in as/)).toHaveTextContent('Logged in as ada@example.com');
    const links = within(dialog).getAllByRole('link').filter((link) => link.getAttribute('href')?.startsWith('/account'));
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['My orders', '/account'],
      ['Address book', '/account/addresses'],
      ['Reminders', '/account/reminders'],
      ['Profile', '/account/profile'],
    ]);
    expect(links.at(-1)!.compareDocumentPosition(within(dialog).getByRole('button', { name: 'Logout' })) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Logout' }));
    expect(onLogout).toHaveBeenCalledTimes(1);
  });
});

describe('header wiring', () => {
  it('passes the cart count and opener, and the user, to its buttons', async () => {
    const onOpenCart = jest.fn();
    renderWithShell(<Header cartCount={12} onOpenCart={onOpenCart} user={{ email: 'zainab@example.com' }} />);
    const cart = screen.getByRole('button', { name: 'Cart, 12 items' });
    expect(cart).toHaveTextContent('9+');
    await userEvent.click(cart);
    expect(onOpenCart).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('button', { name: 'Account of zainab@example.com' })).toHaveTextContent('Z');
  });

  it('starts with an empty cart and a guest', () => {
    renderWithShell(<Header />);
    expect(screen.getByRole('button', { name: 'Cart, 0 items' })).toHaveTextContent('');
    expect(screen.getByRole('button', { name: 'LOGIN / REGISTER' })).toBeInTheDocument();
  });
});
