/**
 * The staff list: a table on a desktop, one card per member on a phone (the same markup,
 * staff.module.css): name and e-mail, role, branch, status (active; invited, no password yet;
 * deactivated), last sign-in, and per member the buttons to change role or branch, re-send the
 * invitation (no password yet) and deactivate or reactivate. The panel that a button opens, and
 * the outcome of the last action, show right under the member.
 */
import type { StaffListMember, UpdateStaffBody } from '@/lib/contracts/staff';
import { branchLabel, STAFF_ROLE_LABELS } from '@/lib/domain/staff';
import { lagosDateTime } from '../order/order-text';
import { MemberPanel, type PanelMode } from './member-panel';
import { STATUS_LABELS, statusOf } from './staff-text';
import admin from '../admin.module.css';
import styles from './staff.module.css';

export type Notice = { at: string; kind: 'done' | 'failed'; text: string };

type Props = {
  members: StaffListMember[];
  /** The signed-in owner: their own row has no buttons (another owner changes them). */
  meId: string;
  open: { id: string; mode: PanelMode } | null;
  notice: Notice | null;
  busy: boolean;
  onOpen: (id: string, mode: PanelMode) => void;
  onClose: () => void;
  onSave: (member: StaffListMember, body: UpdateStaffBody) => void;
  onResend: (member: StaffListMember) => void;
};

export function NoticeLine({ notice }: { notice: Notice }) {
  return notice.kind === 'done' ? (
    <p className={admin.notice} role="status">
      {notice.text}
    </p>
  ) : (
    <p className={admin.error} role="alert">
      {notice.text}
    </p>
  );
}

export function StaffTable({ members, meId, open, notice, busy, onOpen, onClose, onSave, onResend }: Props) {
  return (
    <table className={styles.table}>
      <thead>
        <tr>
          <th scope="col">Member</th>
          <th scope="col">Role</th>
          <th scope="col">Branch</th>
          <th scope="col">Status</th>
          <th scope="col">Last sign-in</th>
          <th scope="col">
            <span className={styles.hidden}>Actions</span>
          </th>
        </tr>
      </thead>
      <tbody>
        {members.flatMap((member) => {
          const status = statusOf(member);
          const panel = open?.id === member.id ? open.mode : null;
          const rows = [
            <tr key={member.id} className={member.active ? styles.row : `${styles.row} ${styles.off}`}>
              <th scope="row" className={styles.who}>
                <span className={styles.name}>
                  {member.name}
                  {member.id === meId && <span className={styles.you}> (you)</span>}
                </span>
                <span className={styles.email}>{member.email}</span>
              </th>
              <td className={styles.role}>{STAFF_ROLE_LABELS[member.role]}</td>
              <td className={styles.branch}>{branchLabel(member.branch)}</td>
              <td className={styles.status}>
                <span className={`${styles.badge} ${styles[status]}`}>{STATUS_LABELS[status]}</span>
              </td>
              <td className={styles.seen}>
                <span className={styles.seenLabel}>Last sign-in: </span>
                {member.lastSignInAt ? lagosDateTime(member.lastSignInAt) : 'Never'}
              </td>
              <td className={styles.actions}>
                {member.id !== meId && (
                  <div className={styles.actionButtons}>
                    {member.active && (
                      <button type="button" className={styles.small} disabled={busy} aria-expanded={panel === 'change'} onClick={() => onOpen(member.id, 'change')}>
                        Change role or branch
                      </button>
                    )}
                    {status === 'invited' && (
                      <button type="button" className={styles.small} disabled={busy} onClick={() => onResend(member)}>
                        Re-send invitation
                      </button>
                    )}
                    {member.active ? (
                      <button type="button" className={`${styles.small} ${styles.warn}`} disabled={busy} aria-expanded={panel === 'deactivate'} onClick={() => onOpen(member.id, 'deactivate')}>
                        Deactivate
                      </button>
                    ) : (
                      <button type="button" className={styles.small} disabled={busy} aria-expanded={panel === 'reactivate'} onClick={() => onOpen(member.id, 'reactivate')}>
                        Reactivate
                      </button>
                    )}
                  </div>
                )}
              </td>
            </tr>,
          ];
          if (panel || notice?.at === member.id) {
            rows.push(
              <tr key={`${member.id}-more`} className={styles.more}>
                <td colSpan={6}>
                  {notice?.at === member.id && <NoticeLine notice={notice} />}
                  {panel && <MemberPanel key={panel} member={member} mode={panel} busy={busy} onSave={(body) => onSave(member, body)} onClose={onClose} />}
                </td>
              </tr>,
            );
          }
          return rows;
        })}
      </tbody>
    </table>
  );
}
