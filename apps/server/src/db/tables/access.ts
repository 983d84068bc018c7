/** Row types of the access tables: roles, users, agent admins' companies, sign-in throttle, revoked tokens. */
import type { Generated } from 'kysely';

export interface RolesTable {
  id: Generated<number>;
  /** Null for platform roles (admin application). */
  company_id: number | null;
  app: 'company' | 'admin';
  name: string;
  description: string | null;
  /** JSON text: string[] of menu codes. */
  authorities: string;
  /** JSON text: string[] of button codes. */
  button_authorities: string;
  /** JSON text: number[] of level_configs ids the role covers (any level). */
  area_ids: string;
  /** JSON text: number[] of store ids the role covers. */
  store_ids: string;
  created_by: string | null;
  created_at: number;
  updated_by: string | null;
  updated_at: number;
}

export interface UsersTable {
  id: Generated<number>;
  /** Null for platform users; the home company for the others (an agent admin's first company). */
  company_id: number | null;
  /** 0 platform, 1 customer admin, 2 agent-platform customer admin, 3 common customer user. */
  user_type: number;
  account_name: string;
  name: string;
  password_hash: string;
  password_changed_at: number;
  /** Bumped on password change and disable: tokens carrying an older version stop working. */
  token_version: Generated<number>;
  /** A UserStatus value: ACTIVE, DRAFT, INACTIVE, EXPIRED, REVIEW. Only ACTIVE may sign in. */
  status: string;
  role_id: number | null;
  cellphone: string | null;
  email: string | null;
  country: string | null;
  description: string | null;
  department_id: string | null;
  personal_image_url: string | null;
  /** JSON text: number[] of level ids narrowing a common user's role scope (empty: no narrowing). */
  area_ids: string;
  /** JSON text: number[] of store ids narrowing a common user's role scope (empty: no narrowing). */
  store_ids: string;
  /** Optimistic-lock counter for user updates. */
  version: Generated<number>;
  created_by: string | null;
  created_at: number;
  updated_by: string | null;
  updated_at: number;
}

/** The companies an agent-platform admin (type 2) works for: its companyMap. */
export interface UserCompaniesTable {
  user_id: number;
  company_id: number;
}

/**
 * One failed sign-in, keyed `pair:<ip>|<name>`, `address:<ip>` or `account:<name>`
 * (modules/auth/throttle.ts); rows older than an hour are pruned.
 */
export interface LoginFailuresTable {
  id: Generated<number>;
  key: string;
  at: number;
}

/** Tokens signed out before they expire; rows are pruned once the token would have expired anyway. */
export interface RevokedTokensTable {
  jti: string;
  expires_at: number;
}

/** When each session (token id) was last used, for the idle limit; pruned once the token has expired. */
export interface SessionActivityTable {
  token_id: string;
  last_active_at: number;
  expires_at: number;
}

export interface AccessTables {
  roles: RolesTable;
  users: UsersTable;
  user_companies: UserCompaniesTable;
  login_failures: LoginFailuresTable;
  revoked_tokens: RevokedTokensTable;
  session_activity: SessionActivityTable;
}
