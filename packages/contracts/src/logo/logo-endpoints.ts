/**
 * Logo calls under /api/user-service/log. Writes need the logo settings page and its button; the
 * query and the files are open to every signed-in user of the company because the console header
 * shows the logo.
 */
import { z } from 'zod';

import { endpoint, FILE_RESPONSE } from '../endpoint';
import { BUTTON, MODULE, PAGE } from '../permissions';
import {
  CompanyLogoSchema,
  LogoInsertBody,
  LogoQuery,
  LogoQueryResponse,
  LogoUpdateBody,
  LogoUploadResult,
} from './company-logo';

const LOGO_API = '/api/user-service/log';
const WRITE = [MODULE.settings, PAGE.logoSetting, BUTTON.logoUpdate] as const;

/** Path of GET log/file/{name}: a name the server issued on upload. */
export const LogoFileParams = z.object({ name: z.string().max(64) });

export const LogoEndpoints = {
  upload: endpoint({
    method: 'POST',
    path: `${LOGO_API}/upload`,
    summary: 'Upload a logo image',
    summaryZh: '上传标志图片',
    module: 'logo',
    permissions: WRITE,
    bodyEncoding: 'multipart',
    response: LogoUploadResult,
    description:
      'multipart/form-data, field `file`: PNG, JPEG or WebP by content, ≤ 2 MiB, ≤ 4096×4096 pixels.',
  }),
  file: endpoint({
    method: 'GET',
    path: `${LOGO_API}/file/:name`,
    summary: 'An uploaded logo image',
    summaryZh: '已上传的标志图片',
    module: 'logo',
    permissions: 'authenticated',
    params: LogoFileParams,
    response: FILE_RESPONSE,
  }),
  insertLogImg: endpoint({
    method: 'POST',
    path: `${LOGO_API}/company/logImg/insert`,
    summary: 'Set a company logo',
    summaryZh: '设置企业标志',
    module: 'logo',
    permissions: WRITE,
    body: LogoInsertBody,
    response: CompanyLogoSchema,
  }),
  updateLogImg: endpoint({
    method: 'POST',
    path: `${LOGO_API}/company/logImg/update`,
    summary: 'Change a company logo',
    summaryZh: '修改企业标志',
    module: 'logo',
    permissions: WRITE,
    body: LogoUpdateBody,
    response: CompanyLogoSchema,
  }),
  queryLogImg: endpoint({
    method: 'GET',
    path: `${LOGO_API}/company/logImg/query`,
    summary: 'The company logo',
    summaryZh: '企业标志',
    module: 'logo',
    permissions: 'authenticated',
    query: LogoQuery,
    response: LogoQueryResponse,
  }),
};
