/**
 * The `staff:add` command's work, apart from its entry point (scripts/staff.ts) so that tests
 * call it on their own database:
 *
 *   npm run staff:add -- --email ada@example.com --name "Ada Obi" --role owner [--branch lagos] [--password-stdin]
 *
 * Creates an active staff member with a random 16-character password printed once, or with the
 * password read from standard input (`--password-stdin`: the whole input, one trailing newline
 * dropped). A florist or rider needs `--branch`; a taken e-mail is refused. Answers the exit
 * code: 0 when the member was created, 1 otherwise (with a message on `err`).
 */
import { randomInt } from 'node:crypto';
import { parseArgs } from 'node:util';
import { getConfig } from '@/lib/server/config';
import type { Db } from '@/lib/server/db/client';
import { HttpError } from '@/lib/server/http/errors';
import { createStaffBody, newStaffPassword } from '@/lib/contracts/staff';
import { branchLabel, STAFF_BRANCHES, STAFF_ROLES } from '@/lib/domain/staff';
import { addStaffWithPassword } from '@/lib/server/services/staff/auth';

export type CommandIo = {
  /** Standard input, read whole (only with --password-stdin). */
  readStdin: () => Promise<string>;
  out: (line: string) => void;
  err: (line: string) => void;
};

export const STAFF_ADD_USAGE = `Usage: npm run staff:add -- --email <e-mail> --name "<name>" --role <${STAFF_ROLES.join('|')}> [--branch <${STAFF_BRANCHES.join('|')}>] [--password-stdin]`;

/** Letters and digits that cannot be mistaken for one another when read aloud or copied by hand. */
const PASSWORD_ALPHABET = 'abcdefghjkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/** A random password of `length` characters from PASSWORD_ALPHABET (16: about 92 bits). */
export function randomPassword(length = 16): string {
  return Array.from({ length }, () => PASSWORD_ALPHABET[randomInt(PASSWORD_ALPHABET.length)]).join('');
}

/** Runs `staff:add` with its arguments (after the command's name); answers the exit code. */
export async function staffAdd(db: Db, argv: string[], io: CommandIo, now: Date = new Date()): Promise<number> {
  let values: { email?: string; name?: string; role?: string; branch?: string; 'password-stdin'?: boolean };
  try {
    ({ values } = parseArgs({
      args: argv,
      options: {
        email: { type: 'string' },
        name: { type: 'string' },
        role: { type: 'string' },
        branch: { type: 'string' },
        'password-stdin': { type: 'boolean' },
      },
      strict: true,
      allowPositionals: false,
    }));
  } catch (error) {
    io.err(`${error instanceof Error ? error.message : String(error)}\n${STAFF_ADD_USAGE}`);
    return 1;
  }
  const parsed = createStaffBody.safeParse({ email: values.email, name: values.name, role: values.role, branch: values.branch });
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const field = issue?.path.join('.') ?? '';
    const text = issue?.message ?? 'invalid';
    const message = text.startsWith(field) ? `--${text}` : issue?.code === 'invalid_type' && /received undefined/.test(text) ? `--${field} is required` : `--${field}: ${text}`;
    io.err(`${message}\n${STAFF_ADD_USAGE}`);
    return 1;
  }

  let password: string;
  const generated = !values['password-stdin'];
  if (generated) password = randomPassword();
  else {
    password = (await io.readStdin()).replace(/\r?\n$/, '');
    const checked = newStaffPassword.safeParse(password);
    if (!checked.success) {
      io.err(`The password from standard input is not accepted: ${checked.error.issues[0]?.message ?? 'invalid'}`);
      return 1;
    }
  }

  const { email, name, role, branch } = parsed.data;
  try {
    const member = await addStaffWithPassword(db, { email, name, role, branch: branch ?? null, password }, now);
    io.out(`Added ${member.name} <${member.email}> as ${member.role} (${branchLabel(member.branch).toLowerCase()}).`);
    if (generated) io.out(`Password (shown once; keep it in a password manager): ${password}`);
    io.out(`Sign in at ${getConfig().siteUrl}/admin/login. The first sign-in on each device also needs a code e-mailed to that address.`);
    return 0;
  } catch (error) {
    if (error instanceof HttpError && error.status < 500) {
      io.err(error.message);
      return 1;
    }
    throw error;
  }
}
