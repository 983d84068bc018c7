/**
 * Net tests from the store boxes under /api/device-service/netTest (issue 14; the spec shows the pages,
 * not their calls). Reading needs the net-test module; running needs `net-test:run`. The `platform/` calls
 * are the admin console's (platform users, the admin page's net-test module code).
 * Design: docs/decisions/net-test.md.
 */
import { z } from 'zod';

import { endpoint } from '../endpoint';
import { pagedResultSchema } from '../paging';
import { BUTTON, MODULE } from '../permissions';
import {
  NetTestCompareQuery,
  NetTestHistoryQuery,
  NetTestPlatformRunBody,
  NetTestPlatformRunListQuery,
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
  netTestHistory: endpoint({
    method: 'GET',
    path: `${NET_TEST_API}/history`,
    summary: 'Net test results over time',
    summaryZh: '网络测试历史',
    description: 'Results inside the caller’s stores, oldest first, for charts per box/store and address.',
    module: 'net-test',
    permissions: [MODULE.netTest],
    query: NetTestHistoryQuery,
    response: z.array(NetTestRunResultSchema),
  }),
  platformRunNetTest: endpoint({
    method: 'POST',
    path: `${NET_TEST_API}/platform/run`,
    summary: "Run a net test against the platform's addresses (admin console)",
    summaryZh: '发起平台网络测试',
    description:
      'Platform users only. The boxes of one company (named boxes, stores or regions, at least one) test ' +
      'the addresses offered to every company. Answers at once; poll platform/runResults.',
    module: 'net-test',
    permissions: [MODULE.netTest],
    body: NetTestPlatformRunBody,
    response: NetTestRunSchema,
  }),
  platformRunList: endpoint({
    method: 'GET',
    path: `${NET_TEST_API}/platform/runList`,
    summary: 'Net test runs started from the admin console, newest first',
    summaryZh: '平台网络测试记录',
    module: 'net-test',
    permissions: [MODULE.netTest],
    query: NetTestPlatformRunListQuery,
    response: pagedResultSchema(NetTestRunSchema),
  }),
  platformRunResults: endpoint({
    method: 'GET',
    path: `${NET_TEST_API}/platform/runResults/:id`,
    summary: 'A net test run started from the admin console, and its results',
    summaryZh: '平台网络测试结果',
    module: 'net-test',
    permissions: [MODULE.netTest],
    params: NetTestRunParams,
    response: z.object({ run: NetTestRunSchema, results: z.array(NetTestRunResultSchema) }),
  }),
};
