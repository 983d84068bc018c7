/** How a user row reads in replies (spec §3 User): never the password or its hash. */
import type { User, UserStatusValue, UserTypeNumber } from '@storefleet/contracts';

import { readIdList } from '../../db/json';
import { formatDateTime } from '../../http/time';
import type { UserRecord } from './users.repository';

/** A company in an agent admin's companyMap. */
export interface MappedCompany {
  company_id: number;
  name: string;
}

/** The reply form of a user row; `mapped` is the agent admin's companyMap, if it has one. */
export function toUser(row: UserRecord, mapped: readonly MappedCompany[] = []): User {
  const companies: MappedCompany[] =
    mapped.length > 0
      ? [...mapped]
      : row.company_id === null
        ? []
        : [{ company_id: row.company_id, name: row.company_name ?? '' }];
  return {
    id: row.id,
    accountName: row.account_name,
    userName: row.account_name,
    name: row.name,
    cellphone: row.cellphone,
    country: row.country,
    email: row.email,
    description: row.description,
    departmentId: row.department_id,
    personalImageUrl: row.personal_image_url,
    status: row.status as UserStatusValue,
    roleId: row.role_id,
    roleName: row.role_name,
    userType: row.user_type as UserTypeNumber,
    companyId: row.company_id,
    companyName: row.company_name,
    companyIds: companies.map((c) => c.company_id),
    companyMap: Object.fromEntries(companies.map((c) => [String(c.company_id), c.name])),
    areaCodes: readIdList(row.area_ids).map(String),
    storeIds: readIdList(row.store_ids).map(String),
    version: row.version,
    createBy: row.created_by,
    createDatetime: formatDateTime(row.created_at),
    updateBy: row.updated_by,
    updateDatetime: formatDateTime(row.updated_at),
    publishBy: null,
    publishDatetime: null,
    finishBy: null,
    finishDatetime: null,
  };
}
