/**
 * /admin/staff, the owner's staff page: every member (`GET /admin/api/staff`), 'Add a member',
 * and per member: change role or branch, re-send the invitation, deactivate or reactivate (after
 * a confirmation). Each outcome, the server's refusal included, shows where it happened: under
 * the member, or above the list for an addition. lib/api/staff.ts loads with the list.
 */
import { useEffect, useState } from 'react';
import type * as StaffCalls from '@/lib/api/staff';
import type { StaffListMember, UpdateStaffBody } from '@/lib/contracts/staff';
import { AddMember } from './add-member';
import { StaffChanges } from './staff-changes';
import type { PanelMode } from './member-panel';
import { NoticeLine, StaffTable, type Notice } from './staff-table';
import { roleAndBranch, sortMembers } from './staff-text';
import admin from '../admin.module.css';
import styles from './staff.module.css';

type Load = { state: 'loading' } | { state: 'ready'; members: StaffListMember[] } | { state: 'failed'; message: string };

const messageOf = (failure: unknown, fallback: string) => (failure instanceof Error && failure.message ? failure.message : fallback);
const calls = (): Promise<typeof StaffCalls> => import('@/lib/api/staff');

/** What a change did, in words. */
function changed(member: StaffListMember, body: UpdateStaffBody): string {
  if (body.active === false) return `${member.name} is deactivated and signed out everywhere.`;
  if (body.active === true) return `${member.name} is active again.${member.passwordSet ? '' : ' Re-send their invitation so that they can sign in.'}`;
  return `${member.name} is now ${roleAndBranch(member.role, member.branch)}.`;
}

export function StaffList({ meId }: { meId: string }) {
  const [load, setLoad] = useState<Load>({ state: 'loading' });
  const [adding, setAdding] = useState(false);
  const [open, setOpen] = useState<{ id: string; mode: PanelMode } | null>(null);
  const [notice, setNotice] = useState<Notice | null>(null);
  const [busy, setBusy] = useState(false);
  // Bumped after every change made here, so that the changes list shows it.
  const [changes, setChanges] = useState(0);

  // Bumped to load the list again (after an addition).
  const [version, setVersion] = useState(0);
  useEffect(() => {
    let current = true;
    calls()
      .then((api) => api.staffMembers())
      .then(
        (members) => current && setLoad({ state: 'ready', members }),
        (failure: unknown) => current && setLoad({ state: 'failed', message: messageOf(failure, 'The staff could not be loaded.') }),
      );
    return () => {
      current = false;
    };
  }, [version]);

  /** Runs one member's call; puts the answer in the list and the outcome under the member. */
  async function act(member: StaffListMember, call: (api: typeof StaffCalls) => Promise<StaffListMember>, done: (after: StaffListMember) => string) {
    setBusy(true);
    setNotice(null);
    try {
      const after = await call(await calls());
      setLoad((current) => (current.state === 'ready' ? { state: 'ready', members: sortMembers(current.members.map((m) => (m.id === after.id ? after : m))) } : current));
      setOpen(null);
      setNotice({ at: member.id, kind: 'done', text: done(after) });
      setChanges((c) => c + 1);
    } catch (failure) {
      setNotice({ at: member.id, kind: 'failed', text: messageOf(failure, 'Something went wrong. Please try again.') });
    } finally {
      setBusy(false);
    }
  }

  const openPanel = (id: string, mode: PanelMode) => {
    setNotice(null);
    setOpen({ id, mode });
  };

  return (
    <>
      <div className={styles.head}>
        <h1 className={styles.title}>Staff</h1>
        <button type="button" className={admin.primary} aria-expanded={adding} onClick={() => setAdding((a) => !a)}>
          Add a member
        </button>
      </div>
      {notice?.at === 'add' && <NoticeLine notice={notice} />}
      {adding && (
        <AddMember
          onClose={() => setAdding(false)}
          onAdded={(member) => {
            setAdding(false);
            setNotice({ at: 'add', kind: 'done', text: `${member.name} is added and has been e-mailed a sign-in code at ${member.email}.` });
            setVersion((v) => v + 1);
            setChanges((c) => c + 1);
          }}
        />
      )}
      {load.state === 'loading' && <p className={styles.muted}>Loading…</p>}
      {load.state === 'failed' && (
        <p className={admin.error} role="alert">
          {load.message}
        </p>
      )}
      {load.state === 'ready' && (
        <section aria-label="Staff members" className={styles.list}>
          <p className={styles.muted}>{summary(load.members)}</p>
          <StaffTable
            members={load.members}
            meId={meId}
            open={open}
            notice={notice}
            busy={busy}
            onOpen={openPanel}
            onClose={() => setOpen(null)}
            onSave={(member, body) => void act(member, (api) => api.staffUpdateMember(member.id, body), (after) => changed(after, body))}
            onResend={(member) => void act(member, (api) => api.staffResendInvite(member.id), (after) => `A new sign-in code is e-mailed to ${after.email} (valid 24 hours).`)}
          />
        </section>
      )}
      <StaffChanges version={changes} />
    </>
  );
}

function summary(members: StaffListMember[]): string {
  const active = members.filter((m) => m.active).length;
  const off = members.length - active;
  return `${active === 1 ? '1 active member' : `${active} active members`}${off > 0 ? `, ${off} deactivated` : ''}`;
}
