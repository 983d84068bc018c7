// The package.json version is the agent's version: one place to bump, reported in hello and host values.
// Imported (not read from disk beside this file) so a bundle that holds this module keeps the agent's
// version rather than reading whichever package.json lies beside the bundle.
import agentPackage from '../package.json' with { type: 'json' };

/** This agent's version, e.g. "0.1.0". */
export const AGENT_VERSION = typeof agentPackage.version === 'string' ? agentPackage.version : '0.0.0';
