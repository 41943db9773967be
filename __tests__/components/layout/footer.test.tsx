/**
 * The footer's © year is the shell's (the server's clock in Lagos, lib/server/shell.ts), so the
 * browser's own clock in another time zone cannot make it differ from the server's HTML; a page
 * built ahead of time, whose shell has none, uses the browser's.
 */
import { screen } from '@testing-library/react';
import { Footer } from '@/components/layout/footer';
import { renderWithShell, SHELL } from '../../helpers/render';

it("shows the shell's year", () => {
  renderWithShell(<Footer />, { shell: { ...SHELL, year: 2031 } });
  expect(screen.getByText(`© 2031 ${SHELL.shopInfo.brandName}`)).toBeInTheDocument();
});

it("uses the browser's year when the shell has none", () => {
  renderWithShell(<Footer />, { shell: { ...SHELL, year: undefined } });
  expect(screen.getByText(`© ${new Date().getFullYear()} ${SHELL.shopInfo.brandName}`)).toBeInTheDocument();
});
