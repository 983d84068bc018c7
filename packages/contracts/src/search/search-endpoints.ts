/** Global search under /api/user-service/search (ours): any signed-in user, results by their codes and scope. */
import { endpoint } from '../endpoint';
import { GlobalSearchQuery, GlobalSearchResult } from './search';

const SEARCH_API = '/api/user-service/search';

export const SearchEndpoints = {
  globalSearch: endpoint({
    method: 'GET',
    path: `${SEARCH_API}/globalSearch`,
    summary: 'Search stores and devices',
    summaryZh: '搜索门店和设备',
    module: 'search',
    permissions: 'authenticated',
    query: GlobalSearchQuery,
    response: GlobalSearchResult,
  }),
};
