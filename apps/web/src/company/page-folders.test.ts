/**
 * Each folder under company/pages is one domain's pages; what two of them need lives in shared/. A guard
 * over the web's sources: no page folder imports another, and shared/ imports no page folder.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, normalize, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

import { describe, expect, it } from 'vitest';

const SRC = fileURLToPath(new URL('..', import.meta.url));
const IMPORT = /(?:from\s+|import\s*\(\s*|import\s+)'(\.{1,2}\/[^']*|@\/[^']*)'/g;

/** The page folder a path (relative to src) belongs to, `shared` for the shared layer, else null. */
function folderOf(path: string): string | null {
  const parts = path.split(/[\\/]/);
  if (parts[0] === 'shared') return 'shared';
  if (parts[0] === 'company' && parts[1] === 'pages' && parts.length > 3) return `company/pages/${parts[2]}`;
  return null;
}

/** The imports of `file` (relative to src) that cross from one page folder into another. */
function crossFolderImports(file: string, text: string): string[] {
  const from = folderOf(file);
  if (from === null) return [];
  const found: string[] = [];
  for (const [, spec] of text.matchAll(IMPORT)) {
    if (!spec) continue;
    // `@/…` is src/… (apps/web/tsconfig.json "paths"); anything else is relative to the file.
    const target = spec.startsWith('@/')
      ? spec.slice(2)
      : normalize(join(dirname(file), spec))
          .split(sep)
          .join('/');
    const to = folderOf(target);
    if (to !== null && to !== from && to !== 'shared') found.push(`${file} -> ${target}`);
  }
  return found;
}

function sources(): string[] {
  return readdirSync(SRC, { recursive: true, encoding: 'utf8' })
    .filter((file) => /\.tsx?$/.test(file))
    .map((file) => relative(SRC, join(SRC, file)).split(sep).join('/'));
}

describe('page folders', () => {
  it('catches a page folder importing another and lets shared/ imports pass (positive control)', () => {
    const page = 'company/pages/alerts/index.tsx';
    expect(crossFolderImports(page, "import { x } from '../device/device-query';")).toEqual([
      'company/pages/alerts/index.tsx -> company/pages/device/device-query',
    ]);
    expect(crossFolderImports(page, "const P = lazy(() => import('../task/detail'));")).toHaveLength(1);
    expect(crossFolderImports('shared/list/a.ts', "import '../../company/pages/device/b';")).toHaveLength(1);
    expect(crossFolderImports(page, "import { x } from '../../../shared/device/device-query';")).toEqual([]);
    expect(crossFolderImports(page, "import { x } from './alert-query';")).toEqual([]);
    expect(crossFolderImports(page, "import { x } from '@/company/pages/device/device-query';")).toEqual([
      'company/pages/alerts/index.tsx -> company/pages/device/device-query',
    ]);
    expect(crossFolderImports('shared/list/a.ts', "import '@/company/pages/device/b';")).toHaveLength(1);
    expect(crossFolderImports(page, "import { x } from '@/shared/device/device-query';")).toEqual([]);
    expect(crossFolderImports('company/routes.tsx', "import('./pages/device/index')")).toEqual([]);
  });

  it('import only from their own folder and shared/', () => {
    const files = sources();
    expect(files.length).toBeGreaterThan(300);
    const found = files.flatMap((file) => crossFolderImports(file, readFileSync(join(SRC, file), 'utf8')));
    expect(found).toEqual([]);
  });
});
