/**
 * The notifier tests' bench: a demo test app with a local SMTP server and a local HTTP provider (SMS,
 * phone), started together, and closed together after the file.
 */
import { createTestApp, type TestApp } from '../../../testing/test-app';
import { type HttpPeer, type SmtpPeer, startHttpPeer, startSmtpPeer } from './notification-peers';

export interface NotifierBench {
  t: TestApp;
  smtp: SmtpPeer;
  http: HttpPeer;
}

/** Starts the app (demo seed) and both peers. */
export async function openNotifierBench(): Promise<NotifierBench> {
  const [t, smtp, http] = await Promise.all([
    createTestApp({ demo: true }),
    startSmtpPeer(),
    startHttpPeer(),
  ]);
  return { t, smtp, http };
}

/** Closes the app, then both peers. */
export async function closeNotifierBench({ t, smtp, http }: NotifierBench): Promise<void> {
  await t.close();
  await Promise.all([smtp.close(), http.close()]);
}
