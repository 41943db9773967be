/**
 * The staff audit on the owners' staff page: who added, changed, deactivated, reactivated or
 * re-invited which member, what changed (role, branch, name), from which address and when,
 * newest first. Loaded again whenever `version` changes (after a change on the page).
 */
import { useEffect, useState } from 'react';
import type { StaffAuditLine } from '@/lib/contracts/staff';
import { branchLabel, STAFF_ROLE_LABELS, type StaffBranch, type StaffRole } from '@/lib/domain/staff';
import { lagosDateTime } from '../order/order-text';
import styles from './staff.module.css';

const ACTION_WORDS: Record<StaffAuditLine['action'], string> = {
  added: 'added',
  changed: 'changed',
  deactivated: 'deactivated',
  reactivated: 'reactivated',
  invitation_sent: 'sent a new invitation',
};

/** What changed between before and after, in words: "role Florist → Manager; branch Lagos → All branches". */
export function changeWords(line: Pick<StaffAuditLine, 'before' | 'after'>): string {
  const { before, after } = line;
  if (!before || !after) return after ? `${STAFF_ROLE_LABELS[after.role as StaffRole] ?? after.role}, ${branchLabel(after.branch as StaffBranch | null)}` : '';
  const parts: string[] = [];
  if (before.name !== after.name) parts.push(`name ${before.name} → ${after.name}`);
  if (before.role !== after.role) parts.push(`role ${STAFF_ROLE_LABELS[before.role as StaffRole] ?? before.role} → ${STAFF_ROLE_LABELS[after.role as StaffRole] ?? after.role}`);
  if (before.branch !== after.branch) parts.push(`branch ${branchLabel(before.branch as StaffBranch | null)} → ${branchLabel(after.branch as StaffBranch | null)}`);
  return parts.join('; ');
}

export function StaffChanges({ version }: { version: number }) {
  const [rows, setRows] = useState<StaffAuditLine[] | null>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    let current = true;
    import('@/lib/api/staff')
      .then((api) => api.staffChanges(1))
      .then(
        (page) => current && (setRows(page.rows), setFailed(false)),
        () => current && setFailed(true),
      );
    return () => {
      current = false;
    };
  }, [version]);

  return (
    <section aria-labelledby="staff-changes" className={styles.changes}>
      <h2 id="staff-changes" className={styles.subtitle}>
        Changes to staff
      </h2>
      {failed && <p className={styles.muted}>The changes could not be loaded.</p>}
      {rows && rows.length === 0 && <p className={styles.muted}>No changes yet.</p>}
      {rows && rows.length > 0 && (
        <ol className={styles.changeList}>
          {rows.map((line, i) => {
            const what = changeWords(line);
            return (
              <li key={`${line.at}-${i}`}>
                <strong>{line.member}</strong> {ACTION_WORDS[line.action]} by {line.actor}
                {what && <span className={styles.changeWhat}> · {what}</span>}
                <br />
                <span className={styles.muted}>
                  <time dateTime={line.at}>{lagosDateTime(line.at)} (Lagos)</time>
                  {line.address && ` · from ${line.address}`}
                </span>
              </li>
            );
          })}
        </ol>
      )}
    </section>
  );
}
