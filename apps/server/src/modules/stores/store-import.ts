/**
 * Reading a store workbook and planning what it changes, without writing (issue 33 §4): the shared
 * upload checks first, then the first sheet streamed row by row. Each row is checked on its own (required
 * cells, lengths, status, no formulas), against the rows above it (a store number once per file) and
 * against what the company holds: its tree (a region, province or city is found by name in either
 * language, and one the tree lacks is planned as new when the caller may add nodes) and its stores (a
 * known store number is an update, or unchanged when every cell says what the store already is).
 * The service decides (dry run, all or nothing, partial) and writes the plan in one transaction.
 */
import { type Label, StoreStatus } from '@storefleet/contracts';

import type { Scope } from '../../auth/caller';
import {
  fold,
  isBlankRow,
  readSheetHeader,
  type SheetHeader,
  type SheetRejectedRow,
  type SheetRowError,
} from '../../files/sheet-columns';
import type { SheetValue } from '../../files/sheet-reader';
import { cellText, checkWorkbook, firstSheetRows, SPREADSHEET_LIMITS } from '../../files/spreadsheet-upload';
import { invalid } from '../../http/errors';
import type { UploadLimits } from '../../http/upload';
import type { LevelRow } from '../levels/levels.repository';
import { STORE_COLUMNS, STORE_EXAMPLE, type StoreKey } from './store-columns';
import { chainInScope } from './target-company';

/** Data rows one import takes; a larger file is refused before anything is written. */
export const MAX_STORE_ROWS = 50_000;
/** The upload: 50,000 filled rows saved by Excel come to about 4 MiB. */
export const STORE_UPLOAD: UploadLimits = { maxBytes: 16 * 1024 * 1024 };

/** A store as the company holds it, by store number. */
export interface KnownStore {
  id: number;
  storeName: string;
  addr: string | null;
  areaLevel: number | null;
  provinceLevel: number | null;
  cityLevel: number | null;
  status: number;
}

/** A node of the tree a row places its store in: one the tree has, or one the import adds (by path). */
export type NodeRef = { id: number } | { path: string };

/** A tree node the import adds: its name as first written, its depth, and its parent. */
export interface NewNode {
  path: string;
  name: string;
  level: 1 | 2 | 3;
  parent: NodeRef | null;
}

export interface PlannedStore {
  row: number;
  storeNo: string;
  storeName: string;
  addr: string | null;
  region: NodeRef;
  province: NodeRef | null;
  city: NodeRef | null;
  status: number;
  /** The store this row updates; absent for a new store. */
  id?: number;
}

export interface StorePlan {
  /** New tree nodes, parents before children. */
  nodes: NewNode[];
  added: PlannedStore[];
  updated: PlannedStore[];
  unchanged: number;
  rejected: SheetRejectedRow<StoreKey>[];
}

export interface PlanContext {
  companyId: number;
  scope: Scope;
  levels: readonly LevelRow[];
  stores: ReadonlyMap<string, KnownStore>;
  /** Whether rows may name regions, provinces and cities the tree lacks (they are then added). */
  mayAddNodes: boolean;
}

type Row = Record<StoreKey, string>;

const refuse = (message: Label) => invalid('file', message);

/** Reads and plans every row of the uploaded workbook. Throws a 4xx for a file it cannot take at all. */
export async function planStoreImport(bytes: Buffer, context: PlanContext): Promise<StorePlan> {
  const workbook = await checkWorkbook(bytes, { ...SPREADSHEET_LIMITS, maxUnpackedBytes: 64 * 1024 * 1024 });
  const tree = new TreeIndex(context.levels, context.mayAddNodes);
  const plan: StorePlan = { nodes: [], added: [], updated: [], unchanged: 0, rejected: [] };
  const firstRowOf = new Map<string, number>();
  const seen = { sheet: false };
  let header: SheetHeader<StoreKey> | null = null;
  let dataRows = 0;
  for await (const { row, values } of firstSheetRows(workbook, seen)) {
    if (isBlankRow(values)) continue;
    if (header === null) {
      const read = readSheetHeader(values, STORE_COLUMNS);
      if (!read.ok) throw refuse(read.message);
      header = read.columns;
      continue;
    }
    const { cells, errors } = readCells(values, header);
    if (STORE_COLUMNS.every((c) => cells[c.key] === STORE_EXAMPLE[c.key])) continue;
    if (++dataRows > MAX_STORE_ROWS) {
      throw refuse({
        zh: `超过 ${MAX_STORE_ROWS} 行数据（第 ${row} 行超出），未导入任何数据；请分成多个文件导入`,
        en: `holds more than ${MAX_STORE_ROWS} data rows (row ${row} is past the limit), so nothing was imported; split it into several files`,
      });
    }
    const earlier = cells.storeNo ? firstRowOf.get(cells.storeNo) : undefined;
    if (earlier !== undefined) {
      errors.push({
        column: 'storeNo',
        message: { zh: `与第 ${earlier} 行重复`, en: `appears again (first at row ${earlier})` },
      });
    } else if (cells.storeNo) firstRowOf.set(cells.storeNo, row);
    const status = statusOf(cells.status, errors);
    const place = errors.length === 0 ? tree.place(cells, errors) : null;
    const known = context.stores.get(cells.storeNo);
    if (place && errors.length === 0) scopeCheck(context, known, place, errors);
    if (errors.length > 0 || !place) {
      plan.rejected.push({ row, cells: STORE_COLUMNS.map((c) => cells[c.key]), errors });
      continue;
    }
    tree.commit(place, plan.nodes);
    const planned: PlannedStore = {
      row,
      storeNo: cells.storeNo,
      storeName: cells.storeName,
      addr: cells.addr || null,
      ...place,
      status: status ?? known?.status ?? StoreStatus.NORMAL,
    };
    if (!known) plan.added.push(planned);
    else if (sameAs(known, planned)) plan.unchanged++;
    else plan.updated.push({ ...planned, id: known.id });
  }
  if (!seen.sheet) throw refuse({ zh: '没有工作表', en: 'has no worksheet' });
  if (header === null || dataRows === 0) {
    throw refuse({
      zh: '没有门店行：第 1 行须是表头，从第 2 行起每行一家门店；请使用下载的模板',
      en: 'holds no store rows: row 1 must be the header and each row from row 2 one store; use the downloaded template',
    });
  }
  return plan;
}

/** The row's cells as trimmed text, and the problems of each cell on its own. */
function readCells(values: ReadonlyArray<SheetValue | undefined>, header: SheetHeader<StoreKey>) {
  const errors: SheetRowError<StoreKey>[] = [];
  const cells = {} as Row;
  for (const column of STORE_COLUMNS) {
    const at = header.get(column.key);
    const cell = cellText(at === undefined ? null : (values[at] ?? null));
    if (!cell.ok) {
      cells[column.key] = '';
      errors.push({
        column: column.key,
        message: cell.message.includes('formula')
          ? { zh: '须是值，不能是公式', en: 'must be a value, not a formula' }
          : { zh: '是 Excel 错误值', en: 'holds an Excel error value' },
      });
      continue;
    }
    const text = withoutControls(cell.text).trim();
    cells[column.key] = text;
    if (column.required && text === '')
      errors.push({ column: column.key, message: { zh: '必填', en: 'is required' } });
    if (text.length > column.max) {
      errors.push({
        column: column.key,
        message: { zh: `最多 ${column.max} 个字符`, en: `must be at most ${column.max} characters` },
      });
    }
  }
  if (cells.city && !cells.province) {
    errors.push({
      column: 'province',
      message: { zh: '填写城市时必填', en: 'is required when a city is given' },
    });
  }
  return { cells, errors };
}

/** Device and sheet text is attacker input: control characters (tabs, line breaks, NUL…) become spaces. */
function withoutControls(text: string): string {
  let out = '';
  for (const ch of text) {
    const code = ch.charCodeAt(0);
    out += code < 0x20 || code === 0x7f ? ' ' : ch;
  }
  return out;
}

/** The status cell: blank (keep, or normal for a new store), a label in either language, or 0/1. */
function statusOf(text: string, errors: SheetRowError<StoreKey>[]): number | null {
  if (text === '') return null;
  const entry = StoreStatus.entries.find(
    (e) => String(e.value) === text || fold(e.label.zh) === fold(text) || fold(e.label.en) === fold(text),
  );
  if (entry) return entry.value;
  errors.push({
    column: 'status',
    message: {
      zh: `须是 ${StoreStatus.entries.map((e) => e.label.zh).join(' 或 ')}（或留空）`,
      en: `must be ${StoreStatus.entries.map((e) => e.label.en).join(' or ')} (or blank)`,
    },
  });
  return null;
}

type Place = Pick<PlannedStore, 'region' | 'province' | 'city'>;

/** A restricted caller places and updates stores inside its own areas only. */
function scopeCheck(
  context: PlanContext,
  known: KnownStore | undefined,
  place: Place,
  errors: SheetRowError<StoreKey>[],
) {
  const idOf = (ref: NodeRef | null) => (ref && 'id' in ref ? ref.id : null);
  const inScope = (chain: {
    areaLevel: number | null;
    provinceLevel: number | null;
    cityLevel: number | null;
  }) => chainInScope(context.scope, { id: known?.id ?? null, companyId: context.companyId, ...chain });
  if (known && !inScope(known)) {
    errors.push({
      column: 'storeNo',
      message: { zh: '属于您负责区域以外的门店', en: 'belongs to a store outside your areas' },
    });
    return;
  }
  const chain = {
    areaLevel: idOf(place.region),
    provinceLevel: idOf(place.province),
    cityLevel: idOf(place.city),
  };
  if (!inScope(chain)) {
    errors.push({
      column: 'region',
      message: { zh: '只能把门店放在您负责的区域内', en: 'you may only place stores inside your own areas' },
    });
  }
}

function sameAs(known: KnownStore, row: PlannedStore): boolean {
  const id = (ref: NodeRef | null) => (ref === null ? null : 'id' in ref ? ref.id : -1);
  return (
    known.storeName === row.storeName &&
    (known.addr ?? null) === row.addr &&
    known.areaLevel === id(row.region) &&
    known.provinceLevel === id(row.province) &&
    known.cityLevel === id(row.city) &&
    known.status === row.status
  );
}

/**
 * The company's tree by folded name under each parent (a node's Chinese or English name), plus the
 * nodes this import plans to add, so that 300 rows naming a new city add it once.
 */
class TreeIndex {
  private readonly byParent = new Map<string, number>();
  private readonly planned = new Set<string>();
  private pending: NewNode[] = [];

  constructor(
    levels: readonly LevelRow[],
    private readonly mayAdd: boolean,
  ) {
    for (const level of levels) {
      for (const name of [level.name, level.ename]) {
        if (name) this.byParent.set(`${level.pid ?? 0}/${fold(name)}`, level.id);
      }
    }
  }

  /** Where the row's store goes, or null with the row's problems added. */
  place(cells: Row, errors: SheetRowError<StoreKey>[]): Place | null {
    this.pending = [];
    const region = this.find('region', cells.region, null, 1, errors);
    const province =
      region && cells.province ? this.find('province', cells.province, region, 2, errors) : null;
    const city = province && cells.city ? this.find('city', cells.city, province, 3, errors) : null;
    if (errors.length > 0 || !region) return null;
    return { region, province, city };
  }

  /** Keeps the nodes the last accepted row would add. */
  commit(_place: Place, nodes: NewNode[]): void {
    for (const node of this.pending) {
      if (this.planned.has(node.path)) continue;
      this.planned.add(node.path);
      nodes.push(node);
    }
    this.pending = [];
  }

  private find(
    column: 'region' | 'province' | 'city',
    name: string,
    parent: NodeRef | null,
    level: 1 | 2 | 3,
    errors: SheetRowError<StoreKey>[],
  ): NodeRef | null {
    const parentKey = parent === null ? '0' : 'id' in parent ? String(parent.id) : parent.path;
    const id =
      parent !== null && 'path' in parent ? undefined : this.byParent.get(`${parentKey}/${fold(name)}`);
    if (id !== undefined) return { id };
    if (!this.mayAdd) {
      const what = {
        region: { zh: '大区', en: 'region' },
        province: { zh: '省份', en: 'province' },
        city: { zh: '城市', en: 'city' },
      }[column];
      errors.push({
        column,
        message: {
          zh: `公司的层级中没有这个${what.zh}；请先在层级配置中添加，或请有全公司权限的管理员导入`,
          en: `is not a ${what.en} of your company's tree; add it under level configuration first, or ask an admin with company-wide access to import`,
        },
      });
      return null;
    }
    const path = `${parentKey}/${fold(name)}`;
    this.pending.push({ path, name, level, parent });
    return { path };
  }
}
