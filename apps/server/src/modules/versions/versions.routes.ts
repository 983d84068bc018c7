/** Box software versions and upgrade runs (contracts `VersionEndpoints`). */
import { VersionEndpoints as E, VERSION_LIMITS } from '@storefleet/contracts';
import type { FastifyInstance } from 'fastify';

import type { AppContext } from '../../context';
import { defineRoute } from '../../http/route';
import { readUploadForm } from '../../http/upload';
import { resumeRunsOfGoneNodes } from './upgrade-execution';
import {
  deleteVersion,
  setCurrentVersion,
  startUpgradeRun,
  upgradeRunDetail,
  upgradeRuns,
  uploadVersion,
  versionPackage,
  versions,
} from './versions.service';

export function registerVersionRoutes(app: FastifyInstance, ctx: AppContext): void {
  defineRoute(app, E.versionUpload, async function versionUpload({ request, caller }) {
    const form = await readUploadForm(request, { maxBytes: VERSION_LIMITS.maxBytes });
    return uploadVersion(ctx, caller, form);
  });
  defineRoute(app, E.versionList, async function versionList({ query }) {
    return versions(ctx, query);
  });
  defineRoute(app, E.versionSetCurrent, async function versionSetCurrent({ body }) {
    return setCurrentVersion(ctx, body.id);
  });
  defineRoute(app, E.versionDelete, async function versionDelete({ body }) {
    return deleteVersion(ctx, body.id);
  });
  defineRoute(app, E.versionPackage, async function versionPackageFile({ params, request }) {
    return versionPackage(ctx, request.headers.authorization, params.id);
  });
  defineRoute(app, E.upgradeStart, async function upgradeStart({ body, caller, scope }) {
    return startUpgradeRun(ctx, caller, scope, body);
  });
  defineRoute(app, E.upgradeList, async function upgradeList({ query, scope }) {
    return upgradeRuns(ctx, scope, query);
  });
  defineRoute(app, E.upgradeDetail, async function upgradeDetail({ params, scope }) {
    return upgradeRunDetail(ctx, scope, params.runId);
  });
  // Runs of a node that is gone (this one before a restart, or another) go on here: before serving,
  // then at every heartbeat (their state is in the database).
  ctx.engine.node.onTakeover('upgrade runs', (gone) => resumeRunsOfGoneNodes(ctx, gone));
}
