/**
 * Enum values are named by their members (`ProductType.AI_BOX`, `UserType.PLATFORM_USER`), never by
 * bare numbers: a guard over the sources of the server, the web and the agent (tests excepted: they
 * assert the numbers clients send and receive; migrations excepted: they are frozen history).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

import * as contracts from '@storefleet/contracts';
import { describe, expect, it } from 'vitest';

const APPS = fileURLToPath(new URL('../../..', import.meta.url));
const ROOTS = ['server/src', 'web/src', 'agent/src'];

const FIELDS =
  'userType|user_type|productId|product_id|connectType|connect_type|onlineStatus|online_status|state';
/** Enum columns compared with a number in a query builder: `.where('product_id', '=', 1)`. */
const SQL_COMPARISON = new RegExp(`'(?:\\w+\\.)?(?:${FIELDS})',\\s*'(?:=|<>|!=)',\\s*\\d`);
/**
 * Enum fields compared with a number in code: `userType === 0`, `(a ?? row.online_status) !== 1`,
 * `0 == row.state`.
 */
const CODE_COMPARISON = new RegExp(
  `\\b(?:${FIELDS})\\)*\\s*[!=]==?\\s*\\d|\\d\\s*[!=]==?\\s*[\\w.?]*\\b(?:${FIELDS})\\b`,
);

/** Every member name of the contracts' enums (`SNMP`, `ONLINE`, …). */
function enumMemberNames(): Set<string> {
  const names = new Set<string>();
  for (const value of Object.values(contracts)) {
    if (typeof value !== 'object' || value === null || !('entries' in value)) continue;
    const { entries } = value as { entries: unknown };
    if (!Array.isArray(entries)) continue;
    for (const entry of entries) if (typeof entry?.name === 'string') names.add(entry.name);
  }
  return names;
}

const MEMBERS = enumMemberNames();
/** A local constant that copies an enum member as a number: `const SNMP = 2`. */
const COPIED_MEMBER = /\bconst\s+([A-Z][A-Z0-9_]*)\s*=\s*\d+\s*;/;

/** The lines of `text` that name an enum value by its number. */
function bareEnumLines(text: string): string[] {
  return text.split('\n').filter((line) => {
    if (SQL_COMPARISON.test(line) || CODE_COMPARISON.test(line)) return true;
    const copied = COPIED_MEMBER.exec(line)?.[1];
    return copied !== undefined && MEMBERS.has(copied);
  });
}

function sources(root: string): string[] {
  return readdirSync(join(APPS, root), { recursive: true, encoding: 'utf8' })
    .filter((file) => /\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file))
    .filter((file) => !file.split(/[\\/]/).includes('migrations'))
    .map((file) => join(root, file));
}

describe('no bare enum numbers', () => {
  it('catches a bare number and lets a named member pass (positive control)', () => {
    expect(bareEnumLines(".where('product_id', '=', 1)")).toHaveLength(1);
    expect(bareEnumLines("eb('devices.product_id', '<>', 1)")).toHaveLength(1);
    expect(bareEnumLines('if (caller.userType === 0) return;')).toHaveLength(1);
    expect(bareEnumLines('if (state !== 2) return;')).toHaveLength(1);
    expect(bareEnumLines('(states.get(d.id)?.online_status ?? d.online_status) === 0')).toHaveLength(1);
    expect(bareEnumLines('if (1 === row.onlineStatus) return;')).toHaveLength(1);
    expect(bareEnumLines('if (row.connectType == 2) return;')).toHaveLength(1);
    expect(bareEnumLines('const SNMP = 2;')).toHaveLength(1);
    expect(bareEnumLines(".where('product_id', '=', ProductType.AI_BOX)")).toEqual([]);
    expect(bareEnumLines('if (caller.userType === UserType.PLATFORM_USER) return;')).toEqual([]);
    expect(bareEnumLines('(a ?? d.online_status) === OnlineStatus.OFFLINE')).toEqual([]);
    expect(bareEnumLines('const limit = count === 0 ? 1 : 2;')).toEqual([]);
    expect(bareEnumLines('const BATCH = 200;')).toEqual([]);
  });

  it.each(ROOTS)('finds none in apps/%s', (root) => {
    const files = sources(root);
    expect(files.length).toBeGreaterThan(20);
    const found = files.flatMap((file) =>
      bareEnumLines(readFileSync(join(APPS, file), 'utf8')).map((line) => `${file}: ${line.trim()}`),
    );
    expect(found).toEqual([]);
  });
});
