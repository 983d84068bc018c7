/**
 * The audit stamps of a row: who created it and when, who changed it last and when. The tables that
 * keep them name the columns alike (`created_by`, `created_at`, `updated_by`, `updated_at`); `by` is
 * the name the service records for its caller. Spread them into an insert or an update.
 */
export interface UpdateStamps {
  updated_by: string;
  updated_at: number;
}

export interface Stamps extends UpdateStamps {
  created_by: string;
  created_at: number;
}

/** The stamps of a new row: created and last changed by `by` at `at`. */
export function stamps(by: string, at: number): Stamps {
  return { created_by: by, created_at: at, updated_by: by, updated_at: at };
}

/** The stamps of a change to a row: last changed by `by` at `at`. */
export function updateStamps(by: string, at: number): UpdateStamps {
  return { updated_by: by, updated_at: at };
}
