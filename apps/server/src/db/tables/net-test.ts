/** Row type of the net-test addresses: the hosts a store's box probes during a net test. */
import type { Generated } from 'kysely';

/** One net-test target; company_id null offers it to every company. */
export interface NetTestAddressesTable {
  id: Generated<number>;
  company_id: number | null;
  /** Host name or IP address (no scheme, no port); nothing probes it until the net-test issue. */
  ping_url: string;
  ping_url_name: string;
  upload_url: string | null;
  download_url: string | null;
  created_by: string | null;
  created_at: number;
  updated_by: string | null;
  updated_at: number;
}

export interface NetTestTables {
  net_test_addresses: NetTestAddressesTable;
}
