import { readFileSync } from 'node:fs';

// The package.json version is the agent's version: one place to bump, reported in hello and host values.
const pkg: unknown = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));

/** This agent's version, e.g. "0.1.0". */
export const AGENT_VERSION =
  pkg && typeof pkg === 'object' && 'version' in pkg && typeof pkg.version === 'string'
    ? pkg.version
    : '0.0.0';
