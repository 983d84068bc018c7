/** Company settings calls: config items and the company logo. */
import type {
  CompanyLogo,
  ConfigItem,
  ConfigItemUpdateBody,
  LogoInsertBody,
  LogoUpdateBody,
  LogoUploadResult,
} from '@storefleet/contracts';

import { http } from '../request/client';

const USER_SERVICE = '/api/user-service';

/** Every config item of the current company (defaults included). */
export function listConfigItems(signal?: AbortSignal): Promise<ConfigItem[]> {
  return http.get<ConfigItem[]>(`${USER_SERVICE}/configItem/list`, { signal });
}

/** Saves several config items at once; the server keeps all or none. */
export function saveConfigItems(body: ConfigItemUpdateBody): Promise<ConfigItem[]> {
  return http.put<ConfigItem[]>(`${USER_SERVICE}/configItem`, { json: body });
}

/** Uploads a logo image (field `file`); the server decides its type by content. */
export function uploadLogoImage(
  file: Blob,
  fileName: string,
  signal?: AbortSignal,
): Promise<LogoUploadResult> {
  const form = new FormData();
  form.append('file', file, fileName);
  return http.post<LogoUploadResult>(`${USER_SERVICE}/log/upload`, { multipart: form, signal });
}

/** The current company's logo, or null when none is set. */
export function queryCompanyLogo(signal?: AbortSignal): Promise<CompanyLogo | null> {
  return http.get<CompanyLogo | null>(`${USER_SERVICE}/log/company/logImg/query`, { signal });
}

export function insertCompanyLogo(body: LogoInsertBody): Promise<CompanyLogo> {
  return http.post<CompanyLogo>(`${USER_SERVICE}/log/company/logImg/insert`, { json: body });
}

export function updateCompanyLogo(body: LogoUpdateBody): Promise<CompanyLogo> {
  return http.post<CompanyLogo>(`${USER_SERVICE}/log/company/logImg/update`, { json: body });
}

/** An issued logo file, fetched with the session (files are only served to the company's users). */
export function fetchLogoFile(url: string, signal?: AbortSignal): Promise<Blob> {
  return http.get<Blob>(url, { responseType: 'blob', signal });
}
