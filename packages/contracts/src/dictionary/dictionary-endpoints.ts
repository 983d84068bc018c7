/**
 * Dictionary calls under /api/user-service. They are global reference data every signed-in user's
 * forms need, so they ask only for a session. The `:type/type…` paths are parameterised in their first
 * segment; Fastify's router prefers static segments, so they never shadow other modules' calls.
 */
import { z } from 'zod';

import { endpoint } from '../endpoint';
import {
  CategoryTypeTreeResponse,
  ClassTypeCodeBody,
  DictionaryItemSchema,
  DictionaryRelativeParams,
  DictionaryTypeParams,
} from './dictionary-item';

const USER_SERVICE = '/api/user-service';
const ItemList = z.array(DictionaryItemSchema);

export const DictionaryEndpoints = {
  categoryTypeTree: endpoint({
    method: 'GET',
    path: `${USER_SERVICE}/categoryTypeTree`,
    summary: 'Device category tree',
    summaryZh: '设备分类树',
    module: 'dictionary',
    permissions: 'authenticated',
    response: CategoryTypeTreeResponse,
  }),
  classTypeCode: endpoint({
    method: 'POST',
    path: `${USER_SERVICE}/class/type/code`,
    summary: 'Small categories of a large one, or the large category of a small one',
    summaryZh: '查询大类的小类或小类的大类',
    writes: false,
    module: 'dictionary',
    permissions: 'authenticated',
    body: ClassTypeCodeBody,
    response: ItemList,
  }),
  /** `{type}/type`: a global dictionary by type (BRAND, PROPERTY_TYPE …). */
  dictionaryType: endpoint({
    method: 'GET',
    path: `${USER_SERVICE}/:type/type`,
    summary: 'Dictionary by type',
    summaryZh: '按类型查询字典',
    module: 'dictionary',
    permissions: 'authenticated',
    params: DictionaryTypeParams,
    response: ItemList,
  }),
  /** `{type}/type/{relativeCode}/relativeCode`: e.g. the MODEL items of one brand. */
  dictionaryRelative: endpoint({
    method: 'GET',
    path: `${USER_SERVICE}/:type/type/:relativeCode/relativeCode`,
    summary: 'Dependent dictionary (e.g. models of a brand)',
    summaryZh: '关联字典（如品牌的型号）',
    module: 'dictionary',
    permissions: 'authenticated',
    params: DictionaryRelativeParams,
    response: ItemList,
  }),
};
