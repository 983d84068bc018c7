/** Config item calls under /api/user-service/configItem (settings module, monitoring settings page). */
import { endpoint } from '../endpoint';
import { BUTTON, MODULE, PAGE } from '../permissions';
import { CompanyItemParams, ConfigItemListResponse, ConfigItemUpdateBody } from './config-item';

const CONFIG_API = '/api/user-service/configItem';
const READ = [MODULE.settings, PAGE.monitorSetting] as const;

export const ConfigEndpoints = {
  listCompanyItem: endpoint({
    method: 'GET',
    path: `${CONFIG_API}/list/:companyId/CompanyItem`,
    summary: 'Config items of a company',
    summaryZh: '企业配置项',
    module: 'config',
    permissions: READ,
    params: CompanyItemParams,
    response: ConfigItemListResponse,
  }),
  list: endpoint({
    method: 'GET',
    path: `${CONFIG_API}/list`,
    summary: 'Config items of the current company',
    summaryZh: '当前企业配置项',
    module: 'config',
    permissions: READ,
    response: ConfigItemListResponse,
  }),
  update: endpoint({
    method: 'PUT',
    path: CONFIG_API,
    summary: 'Save config items',
    summaryZh: '保存配置项',
    module: 'config',
    permissions: [...READ, BUTTON.configUpdate],
    body: ConfigItemUpdateBody,
    response: ConfigItemListResponse,
  }),
};
