import type { LoginBody, LoginResult, Me } from '@storefleet/contracts';

import { http } from '../request/client';

const AUTH = '/api/user-service/auth';

/** Signs in; resolves with the sign-in result of spec §3. */
export function login(body: LoginBody): Promise<LoginResult> {
  return http.post<LoginResult>(`${AUTH}/login`, { json: body });
}

/** The signed-in user as the server sees it now (current codes and companies). */
export function fetchMe(): Promise<Me> {
  return http.get<Me>(`${AUTH}/me`);
}

/** Ends the server-side session of the current token. */
export function logout(): Promise<unknown> {
  return http.post<unknown>(`${AUTH}/logout`);
}
