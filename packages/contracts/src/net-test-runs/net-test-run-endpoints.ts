/**
 * Net tests from the store boxes under /api/device-service/netTest (issue 14; the spec shows the pages,
 * not their calls). Reading needs the net-test module; running needs `net-test:run`.
 * Design: docs/decisions/net-test.md.
 */
import { z } from 'zod';

import { endpoint } from '../endpoint';
import { pagedResultSchema } from '../paging';
import { BUTTON, MODULE } from '../permissions';
import {
  NetTestCompareQuery,
  NetTestRunBody,
  NetTestRunListQuery,
  NetTestRunParams,
  NetTestRunResultSchema,
  NetTestRunSchema,
} from './net-test-runs';

export const NET_TEST_API = '/api/device-service/netTest';

export const NetTestRunEndpoints = {
  runNetTest: endpoint({
    method: 'POST',
    path: `${NET_TEST_API}/run`,
    summary: 'Run a net test from store boxes',
    summaryZh: '发起网络测试',
    description:
      'Starts the test and answers at once with the run (status running); each online box tests the addresses ' +
      'through its agent link, an offline box gets an "offline" result. Poll runResults until status is finished.',
    module: 'net-test',
    permissions: [MODULE.netTest, BUTTON.netTestRun],
    body: NetTestRunBody,
    response: NetTestRunSchema,
  }),
  netTestRunList: endpoint({
    method: 'GET',
    path: `${NET_TEST_API}/runList`,
    summary: 'Net test runs, newest first',
    summaryZh: '网络测试记录',
    module: 'net-test',
    permissions: [MODULE.netTest],
    query: NetTestRunListQuery,
    response: pagedResultSchema(NetTestRunSchema),
  }),
  netTestRunResults: endpoint({
    method: 'GET',
    path: `${NET_TEST_API}/runResults/:id`,
    summary: 'A net test run and its results per box and address',
    summaryZh: '网络测试结果',
    module: 'net-test',
    permissions: [MODULE.netTest],
    params: NetTestRunParams,
    response: z.object({ run: NetTestRunSchema, results: z.array(NetTestRunResultSchema) }),
  }),
  netTestCompare: endpoint({
    method: 'GET',
    path: `${NET_TEST_API}/compare`,
    summary: "Each store's latest net test result per address",
    summaryZh: '门店网络测试对比',
    module: 'net-test',
    permissions: [MODULE.netTest],
    query: NetTestCompareQuery,
    response: z.array(NetTestRunResultSchema),
  }),
};
