/** Companies, hierarchy, stores, roles, users, sign-in bookkeeping and the operation log. */
import type { Kysely } from 'kysely';

import type { DialectName } from '../database';
import { instant, tableWithId } from './columns';

export async function up(db: Kysely<unknown>, dialect: DialectName): Promise<void> {
  const at = instant(dialect);

  await tableWithId(db, dialect, 'companies')
    .addColumn('company_no', 'text', (c) => c.notNull().unique())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('created_at', at, (c) => c.notNull())
    .addColumn('updated_at', at, (c) => c.notNull())
    .execute();

  await tableWithId(db, dialect, 'level_configs')
    .addColumn('company_id', 'integer', (c) => c.notNull().references('companies.id'))
    .addColumn('pid', 'integer', (c) => c.references('level_configs.id'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('ename', 'text')
    .addColumn('level', 'integer', (c) => c.notNull())
    .addColumn('created_by', 'text')
    .addColumn('created_at', at, (c) => c.notNull())
    .addColumn('updated_by', 'text')
    .addColumn('updated_at', at, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('level_configs_company')
    .on('level_configs')
    .columns(['company_id', 'level'])
    .execute();
  await db.schema.createIndex('level_configs_pid').on('level_configs').column('pid').execute();

  await tableWithId(db, dialect, 'level_labels')
    .addColumn('company_id', 'integer', (c) => c.notNull().references('companies.id'))
    .addColumn('level', 'integer', (c) => c.notNull())
    .addColumn('label', 'text', (c) => c.notNull())
    .addUniqueConstraint('level_labels_company_level', ['company_id', 'level'])
    .execute();

  await tableWithId(db, dialect, 'stores')
    .addColumn('company_id', 'integer', (c) => c.notNull().references('companies.id'))
    .addColumn('store_no', 'text', (c) => c.notNull())
    .addColumn('store_name', 'text', (c) => c.notNull())
    .addColumn('addr', 'text')
    .addColumn('area_code', 'text')
    .addColumn('area_level', 'integer', (c) => c.references('level_configs.id'))
    .addColumn('province_level', 'integer', (c) => c.references('level_configs.id'))
    .addColumn('city_level', 'integer', (c) => c.references('level_configs.id'))
    .addColumn('status', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_by_id', 'integer')
    .addColumn('created_by_name', 'text')
    .addColumn('created_at', at, (c) => c.notNull())
    .addColumn('updated_by_id', 'integer')
    .addColumn('updated_by_name', 'text')
    .addColumn('updated_at', at, (c) => c.notNull())
    .addUniqueConstraint('stores_company_store_no', ['company_id', 'store_no'])
    .execute();
  for (const column of ['area_level', 'province_level', 'city_level'] as const) {
    await db.schema.createIndex(`stores_${column}`).on('stores').column(column).execute();
  }

  await tableWithId(db, dialect, 'roles')
    .addColumn('company_id', 'integer', (c) => c.references('companies.id'))
    .addColumn('app', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('description', 'text')
    .addColumn('authorities', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('button_authorities', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('area_ids', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('store_ids', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('created_by', 'text')
    .addColumn('created_at', at, (c) => c.notNull())
    .addColumn('updated_by', 'text')
    .addColumn('updated_at', at, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('roles_company').on('roles').column('company_id').execute();

  await tableWithId(db, dialect, 'users')
    .addColumn('company_id', 'integer', (c) => c.references('companies.id'))
    .addColumn('user_type', 'integer', (c) => c.notNull())
    .addColumn('account_name', 'text', (c) => c.notNull().unique())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('password_hash', 'text', (c) => c.notNull())
    .addColumn('password_changed_at', at, (c) => c.notNull())
    .addColumn('token_version', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('role_id', 'integer', (c) => c.references('roles.id'))
    .addColumn('cellphone', 'text')
    .addColumn('email', 'text')
    .addColumn('country', 'text')
    .addColumn('description', 'text')
    .addColumn('department_id', 'text')
    .addColumn('personal_image_url', 'text')
    .addColumn('area_ids', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('store_ids', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_by', 'text')
    .addColumn('created_at', at, (c) => c.notNull())
    .addColumn('updated_by', 'text')
    .addColumn('updated_at', at, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('users_company').on('users').columns(['company_id', 'user_type']).execute();
  await db.schema.createIndex('users_role').on('users').column('role_id').execute();

  await db.schema
    .createTable('user_companies')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('company_id', 'integer', (c) => c.notNull().references('companies.id'))
    .addPrimaryKeyConstraint('user_companies_pk', ['user_id', 'company_id'])
    .execute();

  await tableWithId(db, dialect, 'login_failures')
    .addColumn('key', 'text', (c) => c.notNull())
    .addColumn('at', at, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('login_failures_key_at').on('login_failures').columns(['key', 'at']).execute();

  await db.schema
    .createTable('revoked_tokens')
    .addColumn('jti', 'text', (c) => c.primaryKey())
    .addColumn('expires_at', at, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('revoked_tokens_expires').on('revoked_tokens').column('expires_at').execute();

  await tableWithId(db, dialect, 'operation_logs')
    .addColumn('company_id', 'integer')
    .addColumn('api_name', 'text', (c) => c.notNull())
    .addColumn('class_method', 'text', (c) => c.notNull())
    .addColumn('req_data', 'text', (c) => c.notNull())
    .addColumn('req_url', 'text', (c) => c.notNull())
    .addColumn('status', 'integer', (c) => c.notNull())
    .addColumn('error_msg', 'text')
    .addColumn('ip_address', 'text', (c) => c.notNull())
    .addColumn('user_id', 'integer')
    .addColumn('user_name', 'text')
    .addColumn('module_name', 'text', (c) => c.notNull())
    .addColumn('operation_time', at, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('operation_logs_company_time')
    .on('operation_logs')
    .columns(['company_id', 'operation_time'])
    .execute();
  await db.schema.createIndex('operation_logs_time').on('operation_logs').column('operation_time').execute();
}
