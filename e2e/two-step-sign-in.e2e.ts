/**
 * Two-step sign-in as a person uses it (issue 31 §3): the operator turns it on from the user menu
 * (QR code, key, first code, recovery codes), signs out, and signs in again with a code from the app —
 * computed here by the same library from the key the page showed.
 */
import { Secret, TOTP } from 'otpauth';
import { describe, expect, it } from 'vitest';

import { DEMO_PASSWORD, useConsole } from './harness';

const WAIT = { timeout: 15_000 };
const app = useConsole();

/** The app's code for `at`: the enrolment's step and the next sign-in's step must differ (no replay). */
function codeFor(secret: string, at: number): string {
  return new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30 }).generate({ timestamp: at });
}

describe('two-step sign-in', () => {
  it('is turned on from the user menu and then asks for a code at sign-in', async () => {
    const { context, page } = await app.openPage('en-US');
    await app.signIn(page, 'operator');

    await page.getByTestId('user-menu').click();
    await page.getByTestId('mfa-menu').click();
    await page.getByTestId('mfa-turn-on').click();
    await expect.poll(() => page.getByTestId('mfa-qr').getAttribute('src'), WAIT).toMatch(/^data:image\/svg/);
    const secret = (await page.getByTestId('mfa-secret').textContent())?.trim() ?? '';
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    const enrolledAt = Date.now();
    await page.getByTestId('mfa-code').fill(codeFor(secret, enrolledAt));
    await page.getByTestId('mfa-code-submit').click();
    const codes = page.getByTestId('mfa-recovery-codes');
    await expect.poll(() => codes.textContent(), WAIT).toMatch(/^([a-z2-9]{4}-){3}[a-z2-9]{4}\n/);
    expect((await codes.textContent())?.trim().split('\n')).toHaveLength(10);
    await page.getByTestId('mfa-close').click();

    await page.getByTestId('user-menu').click();
    await page.getByTestId('sign-out').click();
    await page.getByTestId('sign-username').waitFor(WAIT);
    await page.getByTestId('sign-username').fill('operator');
    await page.getByTestId('sign-password').fill(DEMO_PASSWORD);
    await page.getByTestId('sign-submit').click();
    // The password alone does not sign in: the page asks for the code.
    await page.getByTestId('mfa-code').waitFor(WAIT);
    await page
      .getByTestId('mfa-code')
      .fill('000000' === codeFor(secret, enrolledAt + 30_000) ? '111111' : '000000');
    await page.getByTestId('mfa-code-submit').click();
    await expect
      .poll(() => page.getByTestId('mfa-code-form').textContent(), WAIT)
      .toMatch(/wrong or was already used|验证码不正确/);
    // The next step's code (the enrolment used this one): accepted within the server's ±1 step.
    await page.getByTestId('mfa-code').fill(codeFor(secret, Math.max(Date.now(), enrolledAt + 30_000)));
    await page.getByTestId('mfa-code-submit').click();
    await page.getByTestId('side-menu').waitFor(WAIT);
    await context.close();
  });
});
