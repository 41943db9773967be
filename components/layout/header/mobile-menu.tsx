/**
 * The slide-in menu of small screens (loaded on first opening): a modal panel from the left with
 * the main menu as expandable groups, the currency switcher and the account section (for a
 * logged-in user: the account's sections and Logout). Focus moves
 * in and stays in; Escape, the close button and the backdrop close it; the page does not scroll.
 */
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { Link } from '@/components/ui/link';
import { useShell } from '@/lib/state/shell-context';
import { CurrencySwitcher } from './currency-switcher';
import { CHEVRON, Icon } from './icons';
import { ACCOUNT_LINKS, type HeaderUser } from './user-button';
import styles from './mobile-menu.module.css';

type Props = { onClose(): void; user: HeaderUser | null; onLogin(): void; onLogout(): void };

const CLOSE = 'M6 6l12 12M18 6 6 18';
const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]), [tabindex]:not([tabindex="-1"])';

export function MobileMenu({ onClose, user, onLogin, onLogout }: Props) {
  const menus = useShell().navigation.main;
  const id = useId();
  const panel = useRef<HTMLDivElement>(null);
  const closeButton = useRef<HTMLButtonElement>(null);
  const [expanded, setExpanded] = useState<string | null>(null);

  useEffect(() => {
    closeButton.current?.focus();
    const { style } = document.body;
    const overflow = style.overflow;
    style.overflow = 'hidden';
    return () => {
      style.overflow = overflow;
    };
  }, []);

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape') {
      event.stopPropagation();
      onClose();
      return;
    }
    if (event.key !== 'Tab' || !panel.current) return;
    const items = [...panel.current.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((el) => !el.closest('[hidden]'));
    const first = items[0];
    const last = items[items.length - 1];
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last?.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first?.focus();
    }
  };

  return (
    <div className={styles.root}>
      <div className={styles.backdrop} onClick={onClose} aria-hidden="true" />
      <div ref={panel} className={styles.panel} role="dialog" aria-modal="true" aria-labelledby={`${id}-t`} onKeyDown={onKeyDown}>
        <div className={styles.top}>
          <h2 id={`${id}-t`}>Menu</h2>
          <button ref={closeButton} type="button" className={styles.close} aria-label="Close menu" onClick={onClose}>
            <Icon d={CLOSE} />
          </button>
        </div>
        <nav aria-label="Menu">
          <ul className={styles.list}>
            {menus.map((menu, i) => {
              if (!menu.groups) {
                return (
                  <li key={menu.label}>
                    <Link href={menu.href} className={styles.row}>
                      {menu.label}
                    </Link>
                  </li>
                );
              }
              const open = expanded === menu.label;
              return (
                <li key={menu.label}>
                  <button type="button" className={styles.row} aria-expanded={open} aria-controls={`${id}-${i}`} onClick={() => setExpanded(open ? null : menu.label)}>
                    {menu.label}
                    <Icon d={CHEVRON} />
                  </button>
                  <div id={`${id}-${i}`} className={styles.group} hidden={!open}>
                    {menu.groups.map((group) => (
                      <div key={group.label}>
                        <p>{group.label}</p>
                        <ul>
                          {group.links.map((link) => (
                            <li key={link.href + link.label}>
                              <Link href={link.href}>{link.label}</Link>
                            </li>
                          ))}
                        </ul>
                      </div>
                    ))}
                  </div>
                </li>
              );
            })}
          </ul>
        </nav>
        <div className={styles.section}>
          <span>Currency</span>
          <CurrencySwitcher placement="menu" />
        </div>
        <div className={styles.section}>
          {user ? (
            <>
              <p>
                Logged in as <strong>{user.email}</strong>
              </p>
              <ul className={styles.links}>
                {ACCOUNT_LINKS.map((link) => (
                  <li key={link.href}>
                    <Link href={link.href}>{link.label}</Link>
                  </li>
                ))}
              </ul>
              <button type="button" className={styles.account} onClick={onLogout}>
                Logout
              </button>
            </>
          ) : (
            <button
              type="button"
              className={styles.account}
              onClick={() => {
                onClose();
                onLogin();
              }}
            >
              LOGIN / REGISTER
            </button>
          )}
        </div>
      </div>
    </div>
  );
}
