/** `job_leases`: which server node runs a scheduled job, until when (engine/jobs/job-leases.repository.ts). */
export interface JobLeasesTable {
  /** The job's name (offline-sweep, history, usage-daily…). */
  name: string;
  /** The node holding the lease (engine/jobs/monitoring-jobs.ts: host, pid and a random part). */
  holder: string;
  /** Epoch ms the lease runs out unless its holder renews it. */
  until: number;
}

export interface JobLeaseTables {
  job_leases: JobLeasesTable;
}
