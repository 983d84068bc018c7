/**
 * The inventory import's header row, pure: every template column (inventory-columns.ts) found by its
 * title in Chinese or English, or its field key, in any order.
 */
import type { Label } from '@storefleet/contracts';

import type { SheetValue } from '../../files/sheet-reader';
import { cellText } from '../../files/spreadsheet-upload';
import { COLUMN_BY_KEY, IMPORT_COLUMNS, type ImportKey } from './inventory-columns';
import { fold } from './inventory-import-rows';

/** Where each column sits in the sheet (1-based), found from the header row. */
export type HeaderMap = ReadonlyMap<ImportKey, number>;

export type HeaderResult = { ok: true; columns: HeaderMap } | { ok: false; message: Label };

/** `*资产编号 (assetNo)` → `资产编号`: star, spaces, case and a trailing key in brackets do not matter. */
function headerKeys(textIn: string): string[] {
  const plain = fold(textIn.replace(/^\s*\*\s*/, ''));
  const bracket = /^(.*?)\s*[(（]\s*([^()（）]*?)\s*[)）]$/.exec(plain);
  return bracket ? [plain, bracket[1] as string, bracket[2] as string].filter(Boolean) : [plain];
}

const TITLE_INDEX: ReadonlyMap<string, ImportKey> = new Map(
  IMPORT_COLUMNS.flatMap((c) => [
    [fold(c.title.zh), c.key],
    [fold(c.title.en), c.key],
    [fold(c.key), c.key],
  ]),
);

/**
 * Reads the header row: every template column by its title in Chinese or English (or its field key),
 * in any order. Columns the import does not know are ignored; a required column missing or a column
 * given twice is refused, naming it.
 */
export function readHeader(values: ReadonlyArray<SheetValue | undefined>): HeaderResult {
  const columns = new Map<ImportKey, number>();
  for (let c = 1; c < values.length; c++) {
    const cell = cellText(values[c] ?? null);
    if (!cell.ok || cell.text.length > 200) continue;
    const key = headerKeys(cell.text)
      .map((k) => TITLE_INDEX.get(k))
      .find((k) => k !== undefined);
    if (!key) continue;
    if (columns.has(key)) {
      const title = COLUMN_BY_KEY.get(key)?.title as Label;
      return {
        ok: false,
        message: {
          zh: `表头中“${title.zh}”列出现了两次（第 ${columns.get(key)} 列和第 ${c} 列）；请删除其中一列`,
          en: `the header has the column "${title.en}" twice (columns ${columns.get(key)} and ${c}); delete one of them`,
        },
      };
    }
    columns.set(key, c);
  }
  const missing = IMPORT_COLUMNS.filter((c) => c.required && !columns.has(c.key));
  if (missing.length > 0) {
    const zh = missing.map((c) => `“${c.title.zh}”`).join('、');
    const en = missing.map((c) => `"${c.title.en}"`).join(', ');
    return {
      ok: false,
      message: {
        zh: `第 1 行表头缺少必填列 ${zh}；请使用下载的模板（列的顺序可以调整，标题须保留）`,
        en: `the header row lacks the required column${missing.length > 1 ? 's' : ''} ${en}; use the downloaded template (columns may be reordered, their titles must stay)`,
      },
    };
  }
  return { ok: true, columns };
}
