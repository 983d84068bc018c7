import { fillPath, LogoEndpoints } from '@storefleet/contracts';
import { describe, expect, it } from 'vitest';

import { logoFileName } from './useCompanyLogo';

describe('logo file name', () => {
  it('reads the issued name back out of the imgUrl the server hands out', () => {
    const name = '0123456789abcdef0123456789abcdef.png';
    expect(logoFileName(fillPath(LogoEndpoints.file.path, { name }))).toBe(name);
  });

  it('fetches nothing for a missing or foreign URL', () => {
    expect(logoFileName(null)).toBeNull();
    expect(logoFileName('')).toBeNull();
    expect(logoFileName('https://elsewhere.example/logo.png')).toBeNull();
  });
});
