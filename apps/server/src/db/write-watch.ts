/**
 * Committed-write counters for in-process caches (the device list's counts and pages,
 * modules/devices/device-list-cache.ts). A database handle owns one `WriteWatches` (`Database.writes`,
 * created by openDatabase); a cache names the tables (and, for updates, the columns) its answers depend
 * on with `writes.watch(…)`. Every statement that writes one of them, whoever runs it (a module, the
 * engine, a test), moves the watch's version once the write is committed: after the statement when it
 * runs on its own, after COMMIT (or ROLLBACK) when it runs in a transaction. So an answer computed
 * after reading version v is never served once a write committed after that read; a write still
 * uncommitted while an answer is computed moves the version when it commits. The driver is wrapped at
 * open time (sqlite.ts, postgres.ts).
 *
 * In this process only: writes made by another process (another server node on the same PostgreSQL,
 * a script) are not seen — see docs/decisions/devices.md "Count cache".
 */
import type {
  CompiledQuery,
  DatabaseConnection,
  Dialect,
  Driver,
  OperationNode,
  QueryResult,
  TransactionSettings,
} from 'kysely';

/** What a cache depends on: table name → the columns whose updates matter (null: any write). */
export type WatchedTables = Readonly<Record<string, readonly string[] | null>>;

export interface WriteWatch {
  /** Moves after every committed write to a watched table (or column). */
  version(): number;
}

interface Watch {
  tables: ReadonlyMap<string, ReadonlySet<string> | null>;
  version: number;
}

/** The watches of one database handle; its driver (withWriteWatch) reports every statement here. */
export class WriteWatches {
  private readonly watches: Watch[] = [];

  /** Starts counting committed writes to `tables` (for the lifetime of the database handle). */
  watch(tables: WatchedTables): WriteWatch {
    const watch: Watch = {
      tables: new Map(
        Object.entries(tables).map(([table, columns]) => [table, columns ? new Set(columns) : null]),
      ),
      version: 0,
    };
    this.watches.push(watch);
    return { version: () => watch.version };
  }

  /** The watches a statement concerns. */
  touchedBy(query: CompiledQuery): Watch[] {
    if (this.watches.length === 0) return [];
    const write = writeOf(query);
    if (!write) return [];
    return this.watches.filter((watch) => {
      if (!watch.tables.has(write.table)) return false;
      const columns = watch.tables.get(write.table);
      return !columns || !write.columns || write.columns.some((c) => columns.has(c));
    });
  }
}

function bump(touched: Iterable<Watch>): void {
  for (const watch of touched) watch.version += 1;
}

type Node = OperationNode & Record<string, unknown>;

/** The table name a TableNode (or an alias of one) names. */
function tableName(node: unknown): string | undefined {
  const n = node as Node | undefined;
  if (!n) return undefined;
  if (n.kind === 'AliasNode') return tableName(n.node);
  if (n.kind === 'TableNode') {
    const table = n.table as { identifier?: { name?: string } } | undefined;
    return table?.identifier?.name;
  }
  return undefined;
}

/** The columns an UpdateQueryNode sets (null when they cannot be told). */
function updatedColumns(node: Node): string[] | null {
  const updates = node.updates as ReadonlyArray<{ column?: Node }> | undefined;
  if (!updates) return null;
  const names: string[] = [];
  for (const update of updates) {
    const column = update.column;
    const name =
      column?.kind === 'ColumnNode' ? (column.column as { name?: string } | undefined)?.name : undefined;
    if (!name) return null;
    names.push(name);
  }
  return names;
}

const RAW_WRITE = /^\s*(?:insert\s+into|update|delete\s+from|merge\s+into|replace\s+into)\s+"?(\w+)"?/i;

/** The table a statement writes and the columns it sets (null: every column), or undefined for reads. */
function writeOf(query: CompiledQuery): { table: string; columns: string[] | null } | undefined {
  const node = query.query as Node;
  switch (node.kind) {
    case 'SelectQueryNode':
      return undefined;
    case 'InsertQueryNode':
    case 'MergeQueryNode': {
      const table = tableName(node.into);
      return table ? { table, columns: null } : undefined;
    }
    case 'DeleteQueryNode': {
      const froms = (node.from as { froms?: unknown[] } | undefined)?.froms ?? [];
      const table = tableName(froms[0]);
      return table ? { table, columns: null } : undefined;
    }
    case 'UpdateQueryNode': {
      const table = tableName(node.table);
      return table ? { table, columns: updatedColumns(node) } : undefined;
    }
    default: {
      const match = RAW_WRITE.exec(query.sql);
      return match?.[1] ? { table: match[1], columns: null } : undefined;
    }
  }
}

/** A connection that notes the watched writes it runs; `pending` is set while it is in a transaction. */
class WatchedConnection implements DatabaseConnection {
  pending: Set<Watch> | null = null;

  constructor(
    readonly inner: DatabaseConnection,
    private readonly watches: WriteWatches,
  ) {}

  async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    const touched = this.watches.touchedBy(query);
    try {
      return await this.inner.executeQuery<R>(query);
    } finally {
      if (touched.length > 0) {
        if (this.pending) for (const watch of touched) this.pending.add(watch);
        else bump(touched);
      }
    }
  }

  streamQuery<R>(query: CompiledQuery, chunkSize?: number): AsyncIterableIterator<QueryResult<R>> {
    return this.inner.streamQuery<R>(query, chunkSize);
  }
}

class WatchedDriver implements Driver {
  constructor(
    private readonly inner: Driver,
    private readonly watches: WriteWatches,
  ) {}

  init(): Promise<void> {
    return this.inner.init();
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    return new WatchedConnection(await this.inner.acquireConnection(), this.watches);
  }

  async beginTransaction(connection: DatabaseConnection, settings: TransactionSettings): Promise<void> {
    const watched = connection as WatchedConnection;
    await this.inner.beginTransaction(watched.inner, settings);
    watched.pending = new Set();
  }

  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    await this.settle(connection as WatchedConnection, (inner) => this.inner.commitTransaction(inner));
  }

  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    await this.settle(connection as WatchedConnection, (inner) => this.inner.rollbackTransaction(inner));
  }

  /** Ends the transaction, then moves the versions of what it wrote (a rollback too: harmless). */
  private async settle(
    watched: WatchedConnection,
    end: (inner: DatabaseConnection) => Promise<void>,
  ): Promise<void> {
    try {
      await end(watched.inner);
    } finally {
      if (watched.pending) bump(watched.pending);
      watched.pending = null;
    }
  }

  savepoint(
    connection: DatabaseConnection,
    name: string,
    compileQuery: Parameters<NonNullable<Driver['savepoint']>>[2],
  ): Promise<void> {
    const inner = this.inner.savepoint;
    if (!inner) throw new Error('savepoints are not supported by this driver');
    return inner.call(this.inner, (connection as WatchedConnection).inner, name, compileQuery);
  }

  rollbackToSavepoint(
    connection: DatabaseConnection,
    name: string,
    compileQuery: Parameters<NonNullable<Driver['rollbackToSavepoint']>>[2],
  ): Promise<void> {
    const inner = this.inner.rollbackToSavepoint;
    if (!inner) throw new Error('savepoints are not supported by this driver');
    return inner.call(this.inner, (connection as WatchedConnection).inner, name, compileQuery);
  }

  releaseSavepoint(
    connection: DatabaseConnection,
    name: string,
    compileQuery: Parameters<NonNullable<Driver['releaseSavepoint']>>[2],
  ): Promise<void> {
    const inner = this.inner.releaseSavepoint;
    if (!inner) throw new Error('savepoints are not supported by this driver');
    return inner.call(this.inner, (connection as WatchedConnection).inner, name, compileQuery);
  }

  releaseConnection(connection: DatabaseConnection): Promise<void> {
    return this.inner.releaseConnection((connection as WatchedConnection).inner);
  }

  destroy(): Promise<void> {
    return this.inner.destroy();
  }
}

/** `dialect` with its driver wrapped so committed writes move the versions of `watches`. */
export function withWriteWatch(dialect: Dialect, watches: WriteWatches): Dialect {
  return {
    createDriver: () => new WatchedDriver(dialect.createDriver(), watches),
    createQueryCompiler: () => dialect.createQueryCompiler(),
    createAdapter: () => dialect.createAdapter(),
    createIntrospector: (db) => dialect.createIntrospector(db),
  };
}
