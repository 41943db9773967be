/** The top of a content page: an optional eyebrow, the page's one <h1>, a lead and a meta line. */
import type { ReactNode } from 'react';
import styles from './content.module.css';

type Props = { eyebrow?: string; title: string; lead?: ReactNode; meta?: ReactNode };

export function PageHeader({ eyebrow, title, lead, meta }: Props) {
  return (
    <header className={styles.header}>
      {eyebrow && <p className={styles.eyebrow}>{eyebrow}</p>}
      <h1 className={styles.title}>{title}</h1>
      {lead && <p className={styles.lead}>{lead}</p>}
      {meta && <p className={styles.meta}>{meta}</p>}
    </header>
  );
}
