/**
 * Enum values are named by their members (`ProductType.AI_BOX`, `UserType.PLATFORM_USER`), never by
 * bare numbers: a guard over the server's sources (tests excepted: they assert the numbers clients
 * send and receive; migrations excepted: they are frozen history).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

import { describe, expect, it } from 'vitest';

const SRC = fileURLToPath(new URL('..', import.meta.url));

/** Enum columns compared with a number in a query builder: `.where('product_id', '=', 1)`. */
const SQL_COMPARISON =
  /'(?:\w+\.)?(?:product_id|user_type|state|online_status|connect_type)',\s*'(?:=|<>|!=)',\s*\d/;
/** Enum fields compared with a number in code: `userType === 0`, `row.product_id !== 1`. */
const CODE_COMPARISON =
  /\b(?:userType|user_type|productId|product_id|connectType|connect_type|onlineStatus|online_status|state)\s*[!=]==\s*\d/;

/** The lines of `text` that name an enum value by its number. */
function bareEnumLines(text: string): string[] {
  return text.split('\n').filter((line) => SQL_COMPARISON.test(line) || CODE_COMPARISON.test(line));
}

function serverSources(): string[] {
  return readdirSync(SRC, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts'))
    .filter((file) => !file.split(/[\\/]/).includes('migrations'));
}

describe('no bare enum numbers', () => {
  it('catches a bare number and lets a named member pass (positive control)', () => {
    expect(bareEnumLines(".where('product_id', '=', 1)")).toHaveLength(1);
    expect(bareEnumLines("eb('devices.product_id', '<>', 1)")).toHaveLength(1);
    expect(bareEnumLines('if (caller.userType === 0) return;')).toHaveLength(1);
    expect(bareEnumLines('if (state !== 2) return;')).toHaveLength(1);
    expect(bareEnumLines(".where('product_id', '=', ProductType.AI_BOX)")).toEqual([]);
    expect(bareEnumLines('if (caller.userType === UserType.PLATFORM_USER) return;')).toEqual([]);
    expect(bareEnumLines('const limit = count === 0 ? 1 : 2;')).toEqual([]);
  });

  it('finds none in the server sources', () => {
    const files = serverSources();
    expect(files.length).toBeGreaterThan(50);
    const found = files.flatMap((file) =>
      bareEnumLines(readFileSync(join(SRC, file), 'utf8')).map((line) => `${file}: ${line.trim()}`),
    );
    expect(found).toEqual([]);
  });
});
