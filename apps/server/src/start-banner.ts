/** What the server prints once it listens: where it is and which accounts the seed created. */
import { type Config, isLoopbackHost } from './config';
import type { SeedOutcome } from './demo/seed';

export function startBanner(config: Config, outcome: SeedOutcome, address: string): string {
  const lines = ['', `Storefleet is running at ${address}  (admin application: ${address}/admin/)`];
  lines.push(`API documentation: ${address}/api/docs`);
  switch (outcome.kind) {
    case 'demo':
      lines.push('Demo data created. Demo accounts (all with the same password):');
      for (const a of outcome.accounts) lines.push(`  ${a.username.padEnd(10)} ${a.what}`);
      // Off loopback the password is the operator's own (config refuses the published one): keep it out of logs.
      lines.push(
        `  password:  ${isLoopbackHost(config.host) ? outcome.password : 'the one set in DEMO_PASSWORD'}`,
      );
      break;
    case 'first-admin':
      lines.push(`Created the first platform user "${outcome.username}" (admin application).`);
      break;
    case 'none':
      if (config.demo)
        lines.push(`Demo accounts: platform, admin, agent, operator (password from DEMO_PASSWORD).`);
      break;
  }
  return `${lines.join('\n')}\n\n`;
}
