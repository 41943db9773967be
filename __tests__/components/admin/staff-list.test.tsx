/**
 * The owner's staff page (/admin/staff): the members with role, branch and status; adding one
 * (branch needed for a florist or rider, 'All branches' for an owner or manager); changing a
 * member's role and branch (only what changes is sent); deactivating and reactivating after a
 * confirmation; re-sending an invitation; and the server's refusals shown where they happened.
 */
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { StaffList } from '@/components/admin/staff/staff-list';
import type { StaffAuditPage, StaffListMember } from '@/lib/contracts/staff';
import { listenToMsw, server } from '../../helpers/msw';
import { fail, ok } from './fixtures';

listenToMsw();

const CHANGES: StaffAuditPage = {
  rows: [
    {
      action: 'changed',
      member: 'Kemi Bello',
      actor: 'Ada Owner (Owner)',
      before: { name: 'Kemi Bello', role: 'florist', branch: 'lagos', active: true },
      after: { name: 'Kemi Bello', role: 'manager', branch: null, active: true },
      address: '102.89.4.7',
      at: '2027-02-14T08:05:00.000Z',
    },
    { action: 'deactivated', member: 'Zainab Gone', actor: 'Ada Owner (Owner)', before: null, after: null, address: '', at: '2027-02-13T08:05:00.000Z' },
  ],
  total: 2,
  page: 1,
  pageSize: 50,
};
/** The staff audit answers every test (counted); `staffChanges` reloads it after a change. */
let audits = 0;
beforeEach(() => {
  audits = 0;
  server.use(
    http.get('*/admin/api/staff/audit', () => {
      audits += 1;
      return HttpResponse.json(ok(CHANGES));
    }),
  );
});

it('lists the changes to staff, who made them, from where and when', async () => {
  answerList();
  render(<StaffList meId="owner-1" />);
  const changes = within(await screen.findByRole('region', { name: 'Changes to staff' }));
  const items = await changes.findAllByRole('listitem');
  expect(items[0]).toHaveTextContent('Kemi Bello changed by Ada Owner (Owner) · role Florist → Manager; branch Lagos → All branches');
  expect(items[0]).toHaveTextContent('14 Feb 2027, 09:05 (Lagos) · from 102.89.4.7');
  expect(items[1]).toHaveTextContent('Zainab Gone deactivated by Ada Owner (Owner)');
  expect(audits).toBe(1);
});

function member(id: string, overrides: Partial<StaffListMember> = {}): StaffListMember {
  return {
    id,
    email: `${id}@example.com`,
    name: id,
    role: 'florist',
    branch: 'lagos',
    active: true,
    passwordSet: true,
    createdAt: '2027-02-01T09:00:00.000Z',
    lastSignInAt: '2027-02-14T08:05:00.000Z',
    ...overrides,
  };
}

const OWNER = member('owner-1', { name: 'Ada Owner', role: 'owner', branch: null });
const KEMI = member('kemi', { name: 'Kemi Bello' });
const YEMI = member('yemi', { name: 'Yemi Rider', role: 'rider', branch: 'abuja', passwordSet: false, lastSignInAt: null });
const GONE = member('gone', { name: 'Zainab Gone', role: 'manager', branch: null, active: false });

/** Answers the list with `members` (the same each time) and counts the calls. */
function answerList(members: StaffListMember[] = [OWNER, KEMI, YEMI, GONE]) {
  const calls = { count: 0 };
  server.use(
    http.get('*/admin/api/staff', () => {
      calls.count += 1;
      return HttpResponse.json(ok(members));
    }),
  );
  return calls;
}

/** Answers PATCH /admin/api/staff/{id} with the member changed as asked (or a failure), recording the bodies. */
function answerChange(failure?: { status: number; message: string }) {
  const sent: { id: string; body: Partial<StaffListMember> }[] = [];
  server.use(
    http.patch('*/admin/api/staff/:id', async ({ params, request }) => {
      const body = (await request.json()) as Partial<StaffListMember>;
      sent.push({ id: String(params.id), body });
      if (failure) return HttpResponse.json(fail(failure.status, failure.message), { status: failure.status });
      const before = [OWNER, KEMI, YEMI, GONE].find((m) => m.id === params.id)!;
      return HttpResponse.json(ok({ ...before, ...body }));
    }),
  );
  return sent;
}

const rowOf = async (name: string) => within((await screen.findByRole('rowheader', { name: new RegExp(name) })).closest('tr')!);

async function renderPage() {
  render(<StaffList meId="owner-1" />);
  await screen.findByRole('region', { name: 'Staff members' });
}

describe('the staff list', () => {
  it('shows each member with role, branch, status and last sign-in, and the buttons that apply to them', async () => {
    answerList();
    await renderPage();
    expect(screen.getByText('3 active members, 1 deactivated')).toBeInTheDocument();

    const kemi = await rowOf('Kemi Bello');
    expect(kemi.getByText('kemi@example.com')).toBeInTheDocument();
    expect(kemi.getByText('Florist')).toBeInTheDocument();
    expect(kemi.getByText('Lagos')).toBeInTheDocument();
    expect(kemi.getByText('Active')).toBeInTheDocument();
    expect(kemi.getByText('14 Feb 2027, 09:05')).toBeInTheDocument();
    expect(kemi.getAllByRole('button').map((b) => b.textContent)).toEqual(['Change role or branch', 'Deactivate']);

    const yemi = await rowOf('Yemi Rider');
    expect(yemi.getByText('Invited, no password yet')).toBeInTheDocument();
    expect(yemi.getByText('Never')).toBeInTheDocument();
    expect(yemi.getAllByRole('button').map((b) => b.textContent)).toEqual(['Change role or branch', 'Re-send invitation', 'Deactivate']);

    const gone = await rowOf('Zainab Gone');
    expect(gone.getByText('Deactivated')).toBeInTheDocument();
    expect(gone.getByText('All branches')).toBeInTheDocument();
    expect(gone.getAllByRole('button').map((b) => b.textContent)).toEqual(['Reactivate']);

    // The owner's own row: no buttons (another owner changes them).
    const self = await rowOf('Ada Owner');
    expect(self.getByText('(you)')).toBeInTheDocument();
    expect(self.queryAllByRole('button')).toHaveLength(0);
  });

  it('says so when the list cannot be read', async () => {
    server.use(http.get('*/admin/api/staff', () => HttpResponse.json(fail(403, 'A manager cannot do this'), { status: 403 })));
    render(<StaffList meId="m-1" />);
    expect(await screen.findByRole('alert')).toHaveTextContent('A manager cannot do this');
  });
});

describe('adding a member', () => {
  it('needs a branch for a florist, none for a manager ("All branches"), and shows the addition', async () => {
    const list = answerList();
    const posted: unknown[] = [];
    server.use(
      http.post('*/admin/api/staff', async ({ request }) => {
        const body = (await request.json()) as { email: string; name: string; role: string };
        posted.push(body);
        return HttpResponse.json(ok({ id: 'new', email: body.email, name: body.name, role: body.role, branch: null }), { status: 201 });
      }),
    );
    const user = userEvent.setup();
    await renderPage();
    await user.click(screen.getByRole('button', { name: 'Add a member' }));
    const form = within(screen.getByRole('form', { name: 'Add a member' }));
    await user.type(form.getByLabelText('Email'), 'bisi@example.com');
    await user.type(form.getByLabelText('Name'), 'Bisi Manager');
    expect(form.getByLabelText('Role')).toHaveValue('florist');
    expect(form.getByLabelText('Branch')).toBeRequired();
    expect(form.getByLabelText('Branch')).toHaveValue('');

    await user.selectOptions(form.getByLabelText('Role'), 'manager');
    expect(form.getByLabelText('Branch')).toBeDisabled();
    expect(form.getByLabelText('Branch')).toHaveDisplayValue('All branches');
    await user.click(form.getByRole('button', { name: 'Add and e-mail the code' }));

    expect(await screen.findByRole('status')).toHaveTextContent('Bisi Manager is added and has been e-mailed a sign-in code at bisi@example.com.');
    expect(posted).toEqual([{ email: 'bisi@example.com', name: 'Bisi Manager', role: 'manager' }]);
    expect(screen.queryByRole('form', { name: 'Add a member' })).not.toBeInTheDocument();
    await waitFor(() => expect(list.count).toBe(2));
  });

  it('sends a florist’s branch, and shows the server’s refusal in the form', async () => {
    answerList();
    const posted: unknown[] = [];
    server.use(
      http.post('*/admin/api/staff', async ({ request }) => {
        posted.push(await request.json());
        return HttpResponse.json(fail(409, 'A staff member with the e-mail kemi@example.com already exists'), { status: 409 });
      }),
    );
    const user = userEvent.setup();
    await renderPage();
    await user.click(screen.getByRole('button', { name: 'Add a member' }));
    const form = within(screen.getByRole('form', { name: 'Add a member' }));
    await user.type(form.getByLabelText('Email'), 'kemi@example.com');
    await user.type(form.getByLabelText('Name'), 'Kemi Again');
    await user.selectOptions(form.getByLabelText('Branch'), 'abuja');
    await user.click(form.getByRole('button', { name: 'Add and e-mail the code' }));
    expect(await form.findByRole('alert')).toHaveTextContent('A staff member with the e-mail kemi@example.com already exists');
    expect(posted).toEqual([{ email: 'kemi@example.com', name: 'Kemi Again', role: 'florist', branch: 'abuja' }]);
  });
});

describe('changing a member', () => {
  it('changes a florist to a rider in Abuja, sending only what changed', async () => {
    answerList();
    const sent = answerChange();
    const user = userEvent.setup();
    await renderPage();
    await user.click((await rowOf('Kemi Bello')).getByRole('button', { name: 'Change role or branch' }));
    const panel = within(screen.getByRole('form', { name: 'Change Kemi Bello' }));
    expect(panel.getByRole('button', { name: 'Save' })).toBeDisabled();
    await user.selectOptions(panel.getByLabelText('Role'), 'rider');
    await user.selectOptions(panel.getByLabelText('Branch'), 'abuja');
    await user.click(panel.getByRole('button', { name: 'Save' }));

    expect(await screen.findByRole('status')).toHaveTextContent('Kemi Bello is now Rider, Abuja.');
    expect(sent).toEqual([{ id: 'kemi', body: { role: 'rider', branch: 'abuja' } }]);
    // The changes list is read again, so that it shows this change.
    await waitFor(() => expect(audits).toBe(2));
    const kemi = await rowOf('Kemi Bello');
    expect(kemi.getByText('Rider')).toBeInTheDocument();
    expect(kemi.getByText('Abuja')).toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'Change Kemi Bello' })).not.toBeInTheDocument();
  });

  it('makes a florist a manager of every branch', async () => {
    answerList();
    const sent = answerChange();
    const user = userEvent.setup();
    await renderPage();
    await user.click((await rowOf('Kemi Bello')).getByRole('button', { name: 'Change role or branch' }));
    const panel = within(screen.getByRole('form', { name: 'Change Kemi Bello' }));
    await user.selectOptions(panel.getByLabelText('Role'), 'manager');
    expect(panel.getByLabelText('Branch')).toBeDisabled();
    expect(panel.getByLabelText('Branch')).toHaveDisplayValue('All branches');
    await user.click(panel.getByRole('button', { name: 'Save' }));
    await screen.findByRole('status');
    expect(sent).toEqual([{ id: 'kemi', body: { role: 'manager', branch: null } }]);
  });

  it('deactivates only after the confirmation, and then offers to reactivate', async () => {
    answerList();
    const sent = answerChange();
    const user = userEvent.setup();
    await renderPage();
    await user.click((await rowOf('Kemi Bello')).getByRole('button', { name: 'Deactivate' }));
    let panel = within(screen.getByRole('form', { name: 'Deactivate Kemi Bello' }));
    expect(panel.getByText(/They are signed out everywhere at once/)).toBeInTheDocument();
    await user.click(panel.getByRole('button', { name: 'Back' }));
    expect(screen.queryByRole('form', { name: 'Deactivate Kemi Bello' })).not.toBeInTheDocument();
    expect(sent).toEqual([]);

    await user.click((await rowOf('Kemi Bello')).getByRole('button', { name: 'Deactivate' }));
    panel = within(screen.getByRole('form', { name: 'Deactivate Kemi Bello' }));
    await user.click(panel.getByRole('button', { name: 'Yes, deactivate' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Kemi Bello is deactivated and signed out everywhere.');
    expect(sent).toEqual([{ id: 'kemi', body: { active: false } }]);
    const kemi = await rowOf('Kemi Bello');
    expect(kemi.getByText('Deactivated')).toBeInTheDocument();
    expect(kemi.getAllByRole('button').map((b) => b.textContent)).toEqual(['Reactivate']);
    expect(screen.getByText('2 active members, 2 deactivated')).toBeInTheDocument();
  });

  it('reactivates after the confirmation', async () => {
    answerList();
    const sent = answerChange();
    const user = userEvent.setup();
    await renderPage();
    await user.click((await rowOf('Zainab Gone')).getByRole('button', { name: 'Reactivate' }));
    const panel = within(screen.getByRole('form', { name: 'Reactivate Zainab Gone' }));
    expect(panel.getByText(/They can sign in again with their password/)).toBeInTheDocument();
    await user.click(panel.getByRole('button', { name: 'Yes, reactivate' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Zainab Gone is active again.');
    expect(sent).toEqual([{ id: 'gone', body: { active: true } }]);
    expect((await rowOf('Zainab Gone')).getByText('Active')).toBeInTheDocument();
  });

  it('shows the server’s refusal under the member and changes nothing', async () => {
    answerList();
    answerChange({ status: 409, message: "Kemi Bello is the shop's only active owner" });
    const user = userEvent.setup();
    await renderPage();
    await user.click((await rowOf('Kemi Bello')).getByRole('button', { name: 'Deactivate' }));
    await user.click(screen.getByRole('button', { name: 'Yes, deactivate' }));
    expect(await screen.findByRole('alert')).toHaveTextContent("Kemi Bello is the shop's only active owner");
    expect((await rowOf('Kemi Bello')).getByText('Active')).toBeInTheDocument();
  });
});

it('re-sends the invitation of a member without a password', async () => {
  answerList();
  const asked: string[] = [];
  server.use(
    http.post('*/admin/api/staff/:id/invite', ({ params }) => {
      asked.push(String(params.id));
      return HttpResponse.json(ok(YEMI));
    }),
  );
  const user = userEvent.setup();
  await renderPage();
  await user.click((await rowOf('Yemi Rider')).getByRole('button', { name: 'Re-send invitation' }));
  expect(await screen.findByRole('status')).toHaveTextContent('A new sign-in code is e-mailed to yemi@example.com (valid 24 hours).');
  expect(asked).toEqual(['yemi']);
});
