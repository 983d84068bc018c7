import { MfaEndpoints as E } from '@storefleet/contracts';
import { Secret, TOTP } from 'otpauth';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';

import {
  bearer,
  createTestApp,
  DEMO_PASSWORD,
  envelopeOf,
  TEST_LANGUAGE,
  type TestApp,
} from '../../testing/test-app';

const LOGIN = '/api/user-service/auth/login';
const ME = '/api/user-service/auth/me';

let t: TestApp;
// The injected clock: codes are computed by the library for the same instant the server sees.
let clock = Date.UTC(2026, 11, 7, 12, 0, 0);
beforeAll(async () => {
  t = await createTestApp();
  vi.useFakeTimers({ toFake: ['Date'], now: clock });
});
afterAll(async () => {
  vi.useRealTimers();
  await t.close();
});
afterEach(async () => {
  await t.ctx.db.deleteFrom('login_failures').execute();
});

/** Moves the clock to the next 30-second step, so a fresh code is not a replay. */
function nextStep(): void {
  clock += 30_000;
  vi.setSystemTime(clock);
}

function codeFor(secret: string, at = clock): string {
  return new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30 }).generate({ timestamp: at });
}

interface Challenge {
  mfaRequired: 'code' | 'enrol';
  challengeToken: string;
  accessToken?: string;
}

const login = async (username: string, remoteAddress = '127.0.0.1') =>
  t.app.inject({ method: 'POST', url: LOGIN, payload: { username, password: DEMO_PASSWORD }, remoteAddress });
const post = (url: string, payload: object | undefined, token?: string) =>
  t.app.inject({
    method: 'POST',
    url,
    headers: { ...TEST_LANGUAGE, ...(token ? bearer(token) : {}) },
    ...(payload ? { payload } : {}),
  });
const verify = (challengeToken: string, code: string) =>
  post(E.verifyMfa.path, { challengeToken, passcode: code });
const me = (token: string) => t.app.inject({ method: 'GET', url: ME, headers: bearer(token) });

/** Enrols a signed-in user; returns its secret and recovery codes. */
async function enrol(token: string): Promise<{ secret: string; recoveryCodes: string[] }> {
  const started = envelopeOf<{ secret: string }>(await post(E.startMfa.path, undefined, token)).data;
  const confirmed = await post(E.confirmMfa.path, { passcode: codeFor(started.secret) }, token);
  expect(confirmed.statusCode).toBe(200);
  return { secret: started.secret, ...envelopeOf<{ recoveryCodes: string[] }>(confirmed).data };
}

/** Signs in with the password and answers the challenge with `code`. */
async function signInWithCode(username: string, code: string) {
  const challenge = envelopeOf<Challenge>(await login(username)).data;
  expect(challenge.mfaRequired).toBe('code');
  return verify(challenge.challengeToken, code);
}

describe('enrolment', () => {
  it('shows the secret once as text and QR code, and turns on only with a right first code', async () => {
    const token = await t.signIn('agent');
    const start = await post(E.startMfa.path, undefined, token);
    expect(start.statusCode).toBe(200);
    const enrolment = envelopeOf<{ secret: string; otpauthUri: string; qrCode: string }>(start).data;
    expect(enrolment.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(enrolment.otpauthUri).toContain('otpauth://totp/Storefleet:agent?');
    expect(enrolment.qrCode).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(Buffer.from(enrolment.qrCode.split(',')[1] ?? '', 'base64').toString()).toContain('<svg');
    // Pending: the password alone still signs in.
    expect(envelopeOf<Challenge>(await login('agent')).data.accessToken).toBeDefined();

    const wrong = await post(
      E.confirmMfa.path,
      { passcode: codeFor(enrolment.secret, clock - 120_000) },
      token,
    );
    expect(wrong.statusCode).toBe(400);
    expect(envelopeOf<{ fields: { field: string }[] }>(wrong).data.fields[0]?.field).toBe('passcode');

    const confirmed = await post(E.confirmMfa.path, { passcode: codeFor(enrolment.secret) }, token);
    expect(confirmed.statusCode).toBe(200);
    const { recoveryCodes } = envelopeOf<{ recoveryCodes: string[] }>(confirmed).data;
    expect(recoveryCodes).toHaveLength(10);
    expect(new Set(recoveryCodes).size).toBe(10);
    // Only hashes are stored.
    const stored = await t.ctx.db.selectFrom('mfa_recovery_codes').select('code_hash').execute();
    expect(stored.map((r) => r.code_hash)).not.toContain(recoveryCodes[0]);
    const status = await t.app.inject({ method: 'GET', url: E.mfaStatus.path, headers: bearer(token) });
    expect(envelopeOf(status).data).toEqual({ enabled: true, required: false, recoveryCodesLeft: 10 });
    // A second enrolment is refused until this one is turned off.
    expect((await post(E.startMfa.path, undefined, token)).statusCode).toBe(409);
    await t.ctx.db.deleteFrom('user_mfa').execute();
  });
});

describe('signing in with a code', () => {
  let secret: string;
  let recoveryCodes: string[];
  beforeAll(async () => {
    nextStep();
    ({ secret, recoveryCodes } = await enrol(await t.signIn('operator')));
  });

  it('answers a right password with a challenge, not a session, and the code with the session', async () => {
    nextStep();
    const first = await login('operator');
    expect(first.statusCode).toBe(200);
    const challenge = envelopeOf<Challenge>(first).data;
    expect(challenge).toMatchObject({ mfaRequired: 'code' });
    expect(challenge.accessToken).toBeUndefined();
    // The challenge is no access token.
    expect((await me(challenge.challengeToken)).statusCode).toBe(401);
    const signedIn = await verify(challenge.challengeToken, codeFor(secret));
    expect(signedIn.statusCode).toBe(200);
    const session = envelopeOf<{ accessToken: string; username: string }>(signedIn).data;
    expect(session.username).toBe('operator');
    expect((await me(session.accessToken)).statusCode).toBe(200);
    // A challenge works once.
    nextStep();
    const again = await verify(challenge.challengeToken, codeFor(secret));
    expect(again.statusCode).toBe(401);
    expect(envelopeOf(again).code).toBe('MFA_CHALLENGE_ENDED');
  });

  it('accepts the code of the step before (clock drift) but not older ones', async () => {
    nextStep();
    expect((await signInWithCode('operator', codeFor(secret, clock - 90_000))).statusCode).toBe(401);
    expect((await signInWithCode('operator', codeFor(secret, clock - 30_000))).statusCode).toBe(200);
  });

  it('refuses a wrong code with 401, counts it as a failed sign-in and ends the challenge after 5', async () => {
    nextStep();
    const challenge = envelopeOf<Challenge>(await login('operator')).data;
    const wrongCode = codeFor(secret) === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i++) {
      const res = await verify(challenge.challengeToken, wrongCode);
      expect(res.statusCode).toBe(401);
      expect(envelopeOf(res)).toMatchObject({ code: 'MFA_CODE_WRONG', ok: false });
      expect(envelopeOf(res).message).toMatch(/wrong or was already used/);
    }
    const failures = await t.ctx.db
      .selectFrom('login_failures')
      .select('key')
      .where('key', '=', 'account:operator')
      .execute();
    expect(failures).toHaveLength(5);
    // The right code no longer helps: the password is needed again.
    const late = await verify(challenge.challengeToken, codeFor(secret));
    expect(envelopeOf(late).code).toBe('MFA_CHALLENGE_ENDED');
    // Five failures from this address make the next try wait a moment (throttle.ts); once it has passed,
    // the password and a right code sign in.
    nextStep();
    expect((await signInWithCode('operator', codeFor(secret))).statusCode).toBe(200);
  });

  it('refuses a code already used, even within its 30 seconds', async () => {
    nextStep();
    const code = codeFor(secret);
    expect((await signInWithCode('operator', code)).statusCode).toBe(200);
    const replay = await signInWithCode('operator', code);
    expect(replay.statusCode).toBe(401);
    expect(envelopeOf(replay).code).toBe('MFA_CODE_WRONG');
  });

  it('takes each recovery code once, with or without dashes and case', async () => {
    const [code] = recoveryCodes;
    if (!code) throw new Error('no recovery code');
    const typed = code.toUpperCase().replace(/-/g, ' ');
    expect((await signInWithCode('operator', typed)).statusCode).toBe(200);
    const reused = await signInWithCode('operator', code);
    expect(reused.statusCode).toBe(401);
    // A recovery code signs in: the operation log keeps neither it nor the challenge.
    await t.app.operationLog.flush();
    const logged = await t.ctx.db
      .selectFrom('operation_logs')
      .select('req_data')
      .where('req_url', 'like', `%${E.verifyMfa.path}%`)
      .execute();
    expect(logged.length).toBeGreaterThan(0);
    for (const row of logged) {
      expect(row.req_data).not.toContain(code);
      expect(row.req_data).toContain('"passcode":"******"');
    }
    const token = envelopeOf<{ accessToken: string }>(
      await signInWithCode('operator', recoveryCodes[1] ?? ''),
    ).data.accessToken;
    const status = await t.app.inject({ method: 'GET', url: E.mfaStatus.path, headers: bearer(token) });
    expect(envelopeOf<{ recoveryCodesLeft: number }>(status).data.recoveryCodesLeft).toBe(8);
  });

  it('turns off with a current code only, and then the password alone signs in', async () => {
    nextStep();
    const token = envelopeOf<{ accessToken: string }>(await signInWithCode('operator', codeFor(secret))).data
      .accessToken;
    nextStep();
    const wrong = await post(E.disableMfa.path, { passcode: codeFor(secret, clock - 300_000) }, token);
    expect(wrong.statusCode).toBe(400);
    expect((await post(E.disableMfa.path, { passcode: codeFor(secret) }, token)).statusCode).toBe(200);
    expect(envelopeOf<Challenge>(await login('operator')).data.accessToken).toBeDefined();
  });
});

describe("an admin's reset", () => {
  it("removes a user's two-step sign-in, is logged, and needs the reset button", async () => {
    nextStep();
    await enrol(await t.signIn('operator'));
    const operator = await t.ctx.db
      .selectFrom('users')
      .select('id')
      .where('account_name', '=', 'operator')
      .executeTakeFirstOrThrow();
    const url = E.resetUserMfa.path.replace(':id', String(operator.id));
    const admin = await t.signIn('admin');
    expect((await post(url, undefined, admin)).statusCode).toBe(200);
    expect(envelopeOf<Challenge>(await login('operator')).data.accessToken).toBeDefined();
    await t.app.operationLog.flush();
    const logged = await t.ctx.db
      .selectFrom('operation_logs')
      .select(['status', 'user_name'])
      .where('api_name', '=', E.resetUserMfa.summary)
      .execute();
    expect(logged).toContainEqual({ status: 200, user_name: 'admin' });
    const adminId = await t.ctx.db
      .selectFrom('users')
      .select('id')
      .where('account_name', '=', 'admin')
      .executeTakeFirstOrThrow();
    // The operator holds no user pages: it cannot reset anyone.
    const operatorToken = await t.signIn('operator');
    const refused = await post(
      E.resetUserMfa.path.replace(':id', String(adminId.id)),
      undefined,
      operatorToken,
    );
    expect(refused.statusCode).toBe(403);
  });
});

describe('the mandatory policy', () => {
  afterEach(async () => {
    await t.ctx.db.deleteFrom('mfa_policies').execute();
    await t.ctx.db.deleteFrom('user_mfa').execute();
  });

  it('sends an admin without two-step sign-in to enrolment, and lets it in only once enrolled', async () => {
    nextStep();
    const admin = await t.signIn('admin');
    const saved = await post(E.saveMfaPolicy.path, { admins: true, roleIds: [] }, admin);
    expect(saved.statusCode).toBe(200);
    const read = await t.app.inject({ method: 'GET', url: E.getMfaPolicy.path, headers: bearer(admin) });
    expect(envelopeOf(read).data).toEqual({ admins: true, roleIds: [] });

    const challenge = envelopeOf<Challenge>(await login('admin')).data;
    expect(challenge.mfaRequired).toBe('enrol');
    expect(challenge.accessToken).toBeUndefined();
    // An enrolment challenge is no sign-in: no code opens a session with it.
    expect(envelopeOf(await verify(challenge.challengeToken, '123456')).code).toBe('MFA_CHALLENGE_ENDED');

    const started = await post(E.startSignInEnrolment.path, { challengeToken: challenge.challengeToken });
    expect(started.statusCode).toBe(200);
    const { secret } = envelopeOf<{ secret: string }>(started).data;
    const confirmed = await post(E.confirmSignInEnrolment.path, {
      challengeToken: challenge.challengeToken,
      passcode: codeFor(secret),
    });
    expect(confirmed.statusCode).toBe(200);
    const done = envelopeOf<{ recoveryCodes: string[]; session: { accessToken: string; username: string } }>(
      confirmed,
    ).data;
    expect(done.recoveryCodes).toHaveLength(10);
    expect(done.session.username).toBe('admin');
    expect((await me(done.session.accessToken)).statusCode).toBe(200);

    // Mandatory: it cannot be turned off, and the next sign-in asks for a code.
    nextStep();
    const off = await post(E.disableMfa.path, { passcode: codeFor(secret) }, done.session.accessToken);
    expect(off.statusCode).toBe(409);
    expect(envelopeOf(off).message).toMatch(/requires two-step sign-in/);
    expect(envelopeOf<Challenge>(await login('admin')).data.mfaRequired).toBe('code');
    // Other companies' admins are not affected.
    expect(envelopeOf<Challenge>(await login('platform')).data.accessToken).toBeDefined();
  });

  it("applies to the roles chosen for the company's common users", async () => {
    const admin = await t.signIn('admin');
    const role = await t.ctx.db
      .selectFrom('users')
      .select('role_id')
      .where('account_name', '=', 'operator')
      .executeTakeFirstOrThrow();
    const roleIds = [role.role_id ?? 0];
    expect((await post(E.saveMfaPolicy.path, { admins: false, roleIds }, admin)).statusCode).toBe(200);
    expect(envelopeOf<Challenge>(await login('operator')).data.mfaRequired).toBe('enrol');
    expect(envelopeOf<Challenge>(await login('admin')).data.accessToken).toBeDefined();
  });

  it("keeps the platform's policy for platform users and refuses another company's role", async () => {
    const platform = await t.signIn('platform');
    const companyRole = await t.ctx.db
      .selectFrom('roles')
      .select('id')
      .where('company_id', 'is not', null)
      .executeTakeFirstOrThrow();
    const refused = await post(E.saveMfaPolicy.path, { admins: true, roleIds: [companyRole.id] }, platform);
    expect(refused.statusCode).toBe(400);
    expect((await post(E.saveMfaPolicy.path, { admins: true, roleIds: [] }, platform)).statusCode).toBe(200);
    expect(envelopeOf<Challenge>(await login('platform')).data.mfaRequired).toBe('enrol');
    expect(envelopeOf<Challenge>(await login('admin')).data.accessToken).toBeDefined();
  });
});
