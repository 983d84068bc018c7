/** What the operation log keeps of a request: query and body, secrets masked, size bounded. */

/**
 * Field names whose values are secrets, matched anywhere in the name (case-insensitive): passwords and
 * tokens, keys (securityKey, the SNMPv3 authKey / privKey), SNMP v2c communities (`community`, which
 * grants read access to the device) and v3 pass phrases (authPassword, privPassword, …Passphrase).
 */
const SECRET_KEY = /password|passphrase|token|secret|key|authorization|community|credential/i;
export const MASK = '******';
const MAX_LENGTH = 4000;
const MAX_DEPTH = 8;

/** A copy of `value` with the value of every key that looks like a secret replaced by `******`. */
export function maskSecrets(value: unknown, depth = 0): unknown {
  if (depth > MAX_DEPTH) return '…';
  if (Array.isArray(value)) return value.map((item) => maskSecrets(item, depth + 1));
  if (value !== null && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [key, inner] of Object.entries(value)) {
      out[key] = SECRET_KEY.test(key) ? MASK : maskSecrets(inner, depth + 1);
    }
    return out;
  }
  return value;
}

/** The reqData column: `{"query":…,"body":…}` with secrets masked, cut at 4000 characters. */
export function requestData(query: unknown, body: unknown): string {
  const data: Record<string, unknown> = {};
  if (query && typeof query === 'object' && Object.keys(query).length > 0) data.query = maskSecrets(query);
  if (body !== undefined && (typeof body !== 'object' || body === null || !Buffer.isBuffer(body))) {
    data.body = maskSecrets(body);
  }
  const text = JSON.stringify(data) ?? '{}';
  return text.length > MAX_LENGTH ? `${text.slice(0, MAX_LENGTH)}…` : text;
}
