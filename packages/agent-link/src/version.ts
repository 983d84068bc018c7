// The agent's version is this package's version: one place to bump, reported in hello and host values by
// the agent, and with "+sim" by the simulated boxes that speak the same protocol. Imported (not read from
// disk beside this file) so a bundle that holds this module keeps the version rather than reading
// whichever package.json lies beside the bundle.
import linkPackage from '../package.json' with { type: 'json' };

/** The box agent's version, e.g. "0.1.0". */
export const AGENT_VERSION = typeof linkPackage.version === 'string' ? linkPackage.version : '0.0.0';
