// The agent's tests wait as every test of the link does (WAIT, from @storefleet/agent-link); the
// server's tests import both names from here.
export { WAIT } from '@storefleet/agent-link/test-support/wait';

/** SNMP timing for probes of a real snmpd that must answer even on a loaded machine. */
export const SNMP_PATIENT = { timeoutMs: 3_000, retries: 2 } as const;
