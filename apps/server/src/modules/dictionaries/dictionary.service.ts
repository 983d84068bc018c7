/** Reads of the global dictionaries: category tree, class lookups and typed lists. */
import {
  type ClassTypeCodeBody,
  type DictionaryItem,
  KNOWN_DICTIONARY_TYPES,
  type Label,
} from '@storefleet/contracts';
import type { Kysely } from 'kysely';

import type { DB } from '../../db/database';
import { AppError } from '../../http/errors';
import {
  type DictionaryRow,
  findItem,
  listItemsByRelative,
  listItemsOfType,
  listSubclasses,
} from './dictionary.repository';

function toItem(row: DictionaryRow, childLevel: DictionaryItem[] = []): DictionaryItem {
  return {
    code: row.code,
    name: row.name,
    nameEn: row.name_en,
    parentCode: row.parent_code,
    relativeCode: row.relative_code,
    description: row.description,
    status: row.status,
    attribute1: row.attribute1,
    childLevel,
  };
}

/** Large device categories, each with its small categories in childLevel. */
export async function categoryTypeTree(db: Kysely<DB>): Promise<DictionaryItem[]> {
  const [large, small] = await Promise.all([
    listItemsOfType(db, 'CATEGORY_TYPE'),
    listItemsOfType(db, 'SUBCLASS_TYPE'),
  ]);
  return large.map((category) =>
    toItem(
      category,
      small.filter((s) => s.parent_code === category.code).map((s) => toItem(s)),
    ),
  );
}

/**
 * `class/type/code`: SUBCLASS_TYPE → the small categories of large category `relativeCode`;
 * CATEGORY_TYPE → the large category of small category `relativeCode`, as a one-item list.
 * An unknown code answers 404 so a typo does not look like an empty category.
 */
export async function classTypeLookup(db: Kysely<DB>, body: ClassTypeCodeBody): Promise<DictionaryItem[]> {
  switch (body.type) {
    case 'SUBCLASS_TYPE': {
      const category = await findItem(db, 'CATEGORY_TYPE', body.relativeCode);
      if (!category) throw unknownCode({ zh: '大类', en: 'large category' }, body.relativeCode);
      return (await listSubclasses(db, category.code)).map((row) => toItem(row));
    }
    case 'CATEGORY_TYPE': {
      const subclass = await findItem(db, 'SUBCLASS_TYPE', body.relativeCode);
      if (!subclass) throw unknownCode({ zh: '小类', en: 'small category' }, body.relativeCode);
      const category = subclass.parent_code
        ? await findItem(db, 'CATEGORY_TYPE', subclass.parent_code)
        : undefined;
      return category ? [toItem(category)] : [];
    }
  }
}

/** Items of a dictionary type; 404 naming the known types when `type` is not one. */
export async function dictionaryOfType(db: Kysely<DB>, type: string): Promise<DictionaryItem[]> {
  return (await listItemsOfType(db, knownType(type))).map((row) => toItem(row));
}

/** Items of a type tied to `relativeCode` (MODEL by BRAND); an unknown relative code gives an empty list. */
export async function dictionaryByRelative(
  db: Kysely<DB>,
  type: string,
  relativeCode: string,
): Promise<DictionaryItem[]> {
  return (await listItemsByRelative(db, knownType(type), relativeCode)).map((row) => toItem(row));
}

function knownType(type: string): string {
  const upper = type.toUpperCase();
  if (!KNOWN_DICTIONARY_TYPES.includes(upper)) {
    throw new AppError('NOT_FOUND', {
      zh: `未知的字典类型“${type.slice(0, 64)}”；已知类型：${KNOWN_DICTIONARY_TYPES.join(', ')}`,
      en: `Unknown dictionary type "${type.slice(0, 64)}"; known types are ${KNOWN_DICTIONARY_TYPES.join(', ')}`,
    });
  }
  return upper;
}

function unknownCode(what: Label, code: string): AppError {
  return new AppError('NOT_FOUND', {
    zh: `没有编码为“${code}”的${what.zh}`,
    en: `No ${what.en} with code "${code}"`,
  });
}
