/**
 * Box software versions under /api/device-service/aibox/version (issue 14; the spec shows the pages, not
 * their calls). Packages are platform-wide: the admin console uploads them (`version:upload`), every
 * holder of the module sees them; a company pushes one to its boxes in upgrade runs (`version:push`).
 * The package download is for box agents: authenticated with the box's security key, not a session.
 * Design: docs/decisions/versions.md.
 */
import { z } from 'zod';

import { endpoint, FILE_RESPONSE } from '../endpoint';
import { pagedResultSchema } from '../paging';
import { BUTTON, MODULE } from '../permissions';
import {
  UpgradeRunBody,
  UpgradeRunBoxSchema,
  UpgradeRunListQuery,
  UpgradeRunParams,
  UpgradeRunSchema,
  VersionIdBody,
  VersionListQuery,
  VersionPackageParams,
  VersionSchema,
} from './versions';

export const VERSION_API = '/api/device-service/aibox/version';
const MANAGE = [MODULE.version, BUTTON.versionUpload] as const;
const PUSH = [MODULE.version, BUTTON.versionPush] as const;

export const VersionEndpoints = {
  versionUpload: endpoint({
    method: 'POST',
    path: `${VERSION_API}/upload`,
    summary: 'Upload a box software version',
    summaryZh: '上传盒子版本',
    module: 'aibox-version',
    permissions: MANAGE,
    bodyEncoding: 'multipart',
    response: VersionSchema,
    description:
      'multipart/form-data: `number` (e.g. 1.4.0, unique), `notes` (optional, ≤ 2000 characters) and `file` ' +
      '(the package, ≤ 64 MiB). The server computes the SHA-256 of the bytes it stored.',
  }),
  versionList: endpoint({
    method: 'GET',
    path: `${VERSION_API}/list`,
    summary: 'Box software versions, newest first',
    summaryZh: '盒子版本列表',
    module: 'aibox-version',
    permissions: [MODULE.version],
    query: VersionListQuery,
    response: pagedResultSchema(VersionSchema),
  }),
  versionSetCurrent: endpoint({
    method: 'POST',
    path: `${VERSION_API}/setCurrent`,
    summary: 'Mark a version as the current one',
    summaryZh: '设为当前版本',
    module: 'aibox-version',
    permissions: MANAGE,
    body: VersionIdBody,
    response: VersionSchema,
  }),
  versionDelete: endpoint({
    method: 'POST',
    path: `${VERSION_API}/delete`,
    summary: 'Delete a version no upgrade used',
    summaryZh: '删除版本',
    module: 'aibox-version',
    permissions: MANAGE,
    body: VersionIdBody,
    response: z.null(),
    description: 'Refused (409) for the current version and for a version an upgrade run pushed.',
  }),
  versionPackage: endpoint({
    method: 'GET',
    path: `${VERSION_API}/package/:id`,
    summary: 'A version package, for box agents',
    summaryZh: '版本安装包（盒子下载）',
    module: 'aibox-version',
    permissions: 'public',
    params: VersionPackageParams,
    response: FILE_RESPONSE,
    description:
      'For box agents carrying out an `upgrade` command: `Authorization: Bearer <box security key>`; ' +
      'only while an upgrade run of the box pushes this version.',
  }),
  upgradeStart: endpoint({
    method: 'POST',
    path: `${VERSION_API}/upgrade/start`,
    summary: 'Push a version to boxes in waves',
    summaryZh: '推送版本升级',
    module: 'aibox-version',
    permissions: PUSH,
    body: UpgradeRunBody,
    response: UpgradeRunSchema,
    description:
      'Answers at once with the run (status running). Waves of `waveSize` boxes get the `upgrade` command; ' +
      'the next wave starts only when the current one ended with at most `failureThreshold` percent failed, ' +
      'else the run halts with the reason. Poll upgrade/detail for per-box states.',
  }),
  upgradeList: endpoint({
    method: 'GET',
    path: `${VERSION_API}/upgrade/list`,
    summary: 'Upgrade runs, newest first',
    summaryZh: '升级记录',
    module: 'aibox-version',
    permissions: [MODULE.version],
    query: UpgradeRunListQuery,
    response: pagedResultSchema(UpgradeRunSchema),
  }),
  upgradeDetail: endpoint({
    method: 'GET',
    path: `${VERSION_API}/upgrade/detail/:runId`,
    summary: 'An upgrade run and the state of each box',
    summaryZh: '升级详情',
    module: 'aibox-version',
    permissions: [MODULE.version],
    params: UpgradeRunParams,
    response: z.object({ run: UpgradeRunSchema, boxes: z.array(UpgradeRunBoxSchema) }),
  }),
};
