/**
 * Device text made storable before ingest writes it: every string of an agent value, at any depth
 * (syslog fields, sysName/sysDescr, interface and disk names, host structures), goes through the
 * contract's `cleanDeviceText`. Walking the whole value, not a list of fields, means a text field added
 * to the contract later is cleaned too. Pure; a value without anything to clean is returned as it is.
 */
import { type AgentValue, cleanDeviceText } from '@storefleet/contracts';

function clean(node: unknown): unknown {
  if (typeof node === 'string') return cleanDeviceText(node);
  if (Array.isArray(node)) {
    let copy: unknown[] | null = null;
    for (let i = 0; i < node.length; i++) {
      const item: unknown = node[i];
      const cleaned = clean(item);
      if (cleaned !== item) {
        copy ??= [...node];
        copy[i] = cleaned;
      }
    }
    return copy ?? node;
  }
  if (typeof node === 'object' && node !== null) {
    let copy: Record<string, unknown> | null = null;
    for (const [key, item] of Object.entries(node)) {
      const cleaned = clean(item);
      if (cleaned !== item) {
        copy ??= { ...node };
        copy[key] = cleaned;
      }
    }
    return copy ?? node;
  }
  return node;
}

/** `value` with every text as a database can hold it (the same object when nothing changed). */
export function cleanAgentValue(value: AgentValue): AgentValue {
  // clean() keeps every key and only replaces strings by strings, so the shape is still an AgentValue.
  return clean(value) as AgentValue;
}
