/**
 * Inline SVG icons of the header: one outline path each, decorative (aria-hidden), sized by the
 * surrounding font size (1em), stroked by icons.module.css.
 */
import styles from './icons.module.css';

export const SEARCH = 'M11 4a7 7 0 1 0 0 14 7 7 0 0 0 0-14zm9 16-3.5-3.5';
export const CART = 'M5 8h14l-1.2 11.1a1 1 0 0 1-1 .9H7.2a1 1 0 0 1-1-.9zm4 2V7a3 3 0 0 1 6 0v3';
export const USER = 'M12 4a4 4 0 1 0 0 8 4 4 0 0 0 0-8zM4 21a8 8 0 0 1 16 0';
export const MENU = 'M4 6h16M4 12h16M4 18h16';
export const CHEVRON = 'm6 9 6 6 6-6';

export function Icon({ d }: { d: string }) {
  return (
    <svg className={styles.icon} width="1em" height="1em" viewBox="0 0 24 24" aria-hidden="true">
      <path d={d} />
    </svg>
  );
}
