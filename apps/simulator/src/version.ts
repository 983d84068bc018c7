import { AGENT_VERSION } from '@storefleet/agent-link';

/**
 * The version the simulated boxes report: the agent's, whose protocol they speak, with "+sim" build
 * metadata so a person (or a version report) can tell a simulated box from a real one.
 */
export const SIMULATED_AGENT_VERSION = `${AGENT_VERSION}+sim`;
