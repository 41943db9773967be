/** An order's board state as a coloured badge (the board's rows, the order page's heading). */
import { BOARD_STATE_LABELS, type BoardState } from '@/lib/domain/backoffice';
import styles from './state-badge.module.css';

export function StateBadge({ state }: { state: BoardState }) {
  return <span className={`${styles.badge} ${styles[state]}`}>{BOARD_STATE_LABELS[state]}</span>;
}
