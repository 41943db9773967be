/** @jest-environment node */
/**
 * The profile (GET/PUT /v1/regal/account/profile) and 'log out of other devices' (POST
 * /v1/regal/auth/logout-others) over real HTTP against the real database: the owner's answers,
 * the phone normalised and carried by the user record (which pre-fills the checkout's sender),
 * strict bodies and their messages, one account's token never reaching another's profile, 401
 * and `private, no-store`.
 */
import { eq } from 'drizzle-orm';
import { users } from '@/lib/server/db/schema';
import type { Profile } from '@/lib/contracts/account';
import { LOGIN_AGAIN_MESSAGE, type UserRecord } from '@/lib/contracts/auth';
import { PROFILE_PHONE_MESSAGE } from '@/lib/server/services/accounts/account';
import { expectPrivate, serveShopApi } from '../helpers/account';

const api = serveShopApi('shop-account-profile');
const { call, signUp, logIn, logOut, otpLogin } = api;

const profile = (token?: string) => call<Profile>('GET', '/v1/regal/account/profile', { token });
const save = (body: unknown, token?: string) => call<Profile>('PUT', '/v1/regal/account/profile', { body, token });
const logoutOthers = (token?: string, body: unknown = {}) => call<{ loggedOut: number }>('POST', '/v1/regal/auth/logout-others', { body, token });
const handshakeUser = async (token: string) => (await call<{ user: UserRecord | null }>('GET', '/v1/regal/handshake', { token })).body.data.user;

describe('GET and PUT /v1/regal/account/profile', () => {
  it("answers the owner's profile, saves each field sent (phone normalised) and the user record then carries name and phone", async () => {
    const who = await signUp({ name: 'Folake' });
    const [row] = await api.db.select().from(users).where(eq(users.email, who.email));
    const res = await profile(who.token);
    expectPrivate(res, 200);
    expect(res.body.data).toEqual({
      email: who.email,
      name: 'Folake',
      phone: '',
      phoneCountryCode: '+234',
      marketingOptIn: false,
      emailProven: false,
      createdAt: row!.createdAt.toISOString(),
      hasPassword: true,
    });

    const saved = await save({ name: 'Folake Adeyemi', phone: '0802-345 6789', marketingOptIn: true }, who.token);
    expectPrivate(saved, 200);
    expect(saved.body.data).toMatchObject({ name: 'Folake Adeyemi', phone: '+2348023456789', phoneCountryCode: '+234', marketingOptIn: true });
    expect((await profile(who.token)).body.data).toEqual(saved.body.data);

    // Only what is sent changes.
    const optOut = await save({ marketingOptIn: false }, who.token);
    expect(optOut.body.data).toMatchObject({ name: 'Folake Adeyemi', phone: '+2348023456789', marketingOptIn: false });

    // The checkout's sender fields come from the user record of every login and the handshake.
    expect(await logIn(who)).toMatchObject({ name: 'Folake Adeyemi', phone: '+2348023456789', phoneCountryCode: '+234' });
    expect(await handshakeUser(who.token)).toMatchObject({ name: 'Folake Adeyemi', phone: '+2348023456789' });

    // A number of another country, and clearing the phone.
    expect((await save({ phone: '07700 900123', phoneCountryCode: '+44' }, who.token)).body.data).toMatchObject({ phone: '+447700900123', phoneCountryCode: '+44' });
    expect((await save({ phone: '' }, who.token)).body.data).toMatchObject({ phone: '', phoneCountryCode: '+44' });
  });

  it('refuses bad bodies with a message naming the field, and changes nothing', async () => {
    const who = await signUp({ name: 'Folake' });
    await save({ phone: '08023456789' }, who.token);
    const before = (await profile(who.token)).body.data;
    const cases: [unknown, string][] = [
      [{}, 'Nothing to save: send name, phone, phoneCountryCode or marketingOptIn'],
      [{ email: 'new@example.com' }, 'email is not a field of this call'],
      [{ name: 'F', password: 'x' }, 'password is not a field of this call'],
      [{ phone: '123' }, PROFILE_PHONE_MESSAGE],
      [{ phoneCountryCode: '234x' }, 'phoneCountryCode: must be a country code such as +234'],
      [{ marketingOptIn: 'yes' }, 'marketingOptIn must be true or false'],
      [{ name: 'x'.repeat(101) }, 'name: must be at most 100 characters'],
      [{ name: 'Fo\u0007lake' }, 'name must not contain control characters'],
    ];
    for (const [body, message] of cases) {
      const res = await save(body, who.token);
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(message);
    }
    expect((await profile(who.token)).body.data).toEqual(before);
  });

  it("an account's token reads and changes only its own profile", async () => {
    const owner = await signUp({ name: 'Owner' });
    const other = await signUp({ name: 'Other' });
    expect((await save({ name: 'Changed by other' }, other.token)).body.data.email).toBe(other.email);
    expect((await profile(owner.token)).body.data).toMatchObject({ email: owner.email, name: 'Owner' });
    expect((await profile(other.token)).body.data).toMatchObject({ email: other.email, name: 'Changed by other' });
  });

  it('answers whether the e-mail is proven and a password set: after a one-time password, proven and without one', async () => {
    const who = await signUp();
    expect((await profile(await otpLogin(who.email))).body.data).toMatchObject({ emailProven: true, hasPassword: false });
  });

  it('is 401 without a token or with a revoked one, with private, no-store', async () => {
    const who = await signUp();
    await logOut(who.token);
    for (const token of [undefined, who.token, 'x'.repeat(43)]) {
      for (const res of [await profile(token), await save({ name: 'Nobody' }, token)]) {
        expectPrivate(res, 401, LOGIN_AGAIN_MESSAGE);
      }
    }
    const [row] = await api.db.select({ name: users.name }).from(users).where(eq(users.email, who.email));
    expect(row!.name).toBe('');
  });
});

describe('POST /v1/regal/auth/logout-others', () => {
  it("revokes every other token of the account and says how many; the one sent and other accounts' keep working", async () => {
    const who = await signUp();
    const phone = (await logIn(who)).authToken;
    const tablet = (await logIn(who)).authToken;
    const stranger = await signUp();

    const res = await logoutOthers(tablet);
    expectPrivate(res, 200);
    expect(res.body.data).toEqual({ loggedOut: 2 });
    expect((await profile(tablet)).status).toBe(200);
    for (const token of [who.token, phone]) {
      const gone = await profile(token);
      expect(gone.status).toBe(401);
      expect(gone.body.message).toBe(LOGIN_AGAIN_MESSAGE);
    }
    expect((await profile(stranger.token)).status).toBe(200);
    // Nothing else to end.
    expect((await logoutOthers(tablet)).body.data).toEqual({ loggedOut: 0 });
  });

  it('takes an empty body only, and is 401 without a live token', async () => {
    const who = await signUp();
    const other = (await logIn(who)).authToken;
    const strict = await logoutOthers(who.token, { everywhere: true });
    expect(strict.status).toBe(400);
    expect(strict.body.message).toBe('everywhere is not a field of this call');
    expect((await profile(other)).status).toBe(200);

    const none = await logoutOthers(undefined);
    expectPrivate(none, 401);
    await logOut(who.token);
    expect((await logoutOthers(who.token)).status).toBe(401);
    expect((await profile(other)).status).toBe(200);
  });
});
