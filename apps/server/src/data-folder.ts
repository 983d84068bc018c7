/**
 * What the server keeps in its data folder (DATA_DIR) besides the default SQLite database: the one list
 * every module takes its file or folder name from, and the one list a backup (db/backup.ts) copies. A
 * new file or folder is added here, one line, and is then in every backup; the backup's round-trip test
 * fails when the server writes anything into DATA_DIR that is not named here.
 */
import { join } from 'node:path';

/** Single files directly in DATA_DIR. */
export const DATA_FILES = {
  /** The token secret made on first start (config.ts): signed-in sessions survive a restore. */
  jwtSecret: { name: 'jwt-secret', holds: 'the token secret: signed-in sessions survive a restore' },
  /** The key that opens the sealed secrets in the database (secrets/secret-keys.ts): without it box keys and passwords are lost. */
  secretsKey: {
    name: 'secrets-key',
    holds: 'the secrets key: sealed box keys and passwords open after a restore',
  },
  /** Mid-rotation, the previous secrets key (rotate-secrets). */
  previousSecretsKey: { name: 'secrets-key.previous', holds: 'the previous secrets key, during a rotation' },
} as const;

/** Folders directly in DATA_DIR, each written by one module only. */
export const DATA_FOLDERS = {
  /** Company logos (modules/logo, through files/image-store.ts). */
  uploads: { name: 'uploads', holds: 'logos' },
  /** Task photos (modules/tasks/task-photos.ts, through files/image-store.ts). */
  taskPhotos: { name: 'task-photos', holds: 'task photos' },
  /** Inventory images, one folder per company (modules/inventory/inventory-images.ts). */
  inventoryImages: { name: 'inventory-images', holds: 'inventory images' },
  /** Box software packages (modules/versions/version-files.ts). */
  versions: { name: 'versions', holds: 'box software packages' },
} as const;

export type DataFile = keyof typeof DATA_FILES;
export type DataFolder = keyof typeof DATA_FOLDERS;

/** The path of one of the server's files in `dataDir`. */
export function dataFilePath(dataDir: string, file: DataFile): string {
  return join(dataDir, DATA_FILES[file].name);
}

/** The path of one of the server's folders in `dataDir`. */
export function dataFolderPath(dataDir: string, folder: DataFolder): string {
  return join(dataDir, DATA_FOLDERS[folder].name);
}
