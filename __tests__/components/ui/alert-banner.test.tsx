import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AlertBanner } from '@/components/layout/alert-banner';
import { alertIsStatic, alertScrollSeconds } from '@/lib/domain/alert';
import { withProviders } from '../fixtures';

function setWidth(width: number) {
  Object.defineProperty(window, 'innerWidth', { configurable: true, value: width });
}

beforeAll(() => {
  window.matchMedia = ((query: string) => ({ matches: false, media: query, addEventListener() {}, removeEventListener() {} })) as unknown as typeof window.matchMedia;
});

describe('AlertBanner', () => {
  it('shows amounts in the current currency', () => {
    setWidth(1280);
    render(<AlertBanner text="Free delivery above {{100000}}" />, { wrapper: withProviders('USD') });
    expect(screen.getByText('Free delivery above $143')).toBeInTheDocument();
  });

  it('closes with its close button', async () => {
    render(<AlertBanner text="Open 24/7" />, { wrapper: withProviders() });
    await userEvent.click(screen.getByRole('button', { name: 'Close announcement' }));
    expect(screen.queryByText('Open 24/7')).not.toBeInTheDocument();
  });

  it('stays still on a wide screen for a short text and scrolls on a phone', () => {
    setWidth(1280);
    const { unmount } = render(<AlertBanner text="Short note" />, { wrapper: withProviders() });
    expect(screen.getByText('Short note')).not.toHaveStyle({ animationDuration: '30s' });
    unmount();
    setWidth(375);
    render(<AlertBanner text="Short note" />, { wrapper: withProviders() });
    expect(screen.getByText('Short note')).toHaveStyle({ animationDuration: '30s' });
  });

  it('renders nothing for an empty alert', () => {
    const { container } = render(<AlertBanner text="  " />, { wrapper: withProviders() });
    expect(container).toBeEmptyDOMElement();
  });
});

describe('alert rules', () => {
  it.each([
    ['x'.repeat(100), 30],
    ['x'.repeat(210), 30],
    ['x'.repeat(350), 50],
  ])('scrolls %#: for max(30, length / 7) seconds', (text, seconds) => {
    expect(alertScrollSeconds(text)).toBe(seconds);
  });

  it.each([
    [166, 1280, true],
    [167, 1280, false],
    [10, 768, false],
    [10, 769, true],
  ])('a %i-character alert at %i px is static: %s', (length, width, still) => {
    expect(alertIsStatic('x'.repeat(length), width)).toBe(still);
  });
});
