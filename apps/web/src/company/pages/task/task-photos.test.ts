// A stage change is sent only with finished uploads ("Please wait uploading"), and photo URLs are read
// back as the photo call's file names only.
import { TaskEndpoints } from '@storefleet/contracts';
import { describe, expect, it } from 'vitest';

import { photoFileName, photoUrlsOf } from './task-photos';

const done = (url: string) => ({
  status: 'done' as const,
  response: { url, name: 'x', contentType: 'image/png', size: 1, width: 1, height: 1 },
});
const prefix = TaskEndpoints.taskPhoto.path.replace(':name', '');

describe('task photos', () => {
  it('send no photos when none is chosen, and every finished one in order', () => {
    expect(photoUrlsOf([])).toEqual([]);
    expect(photoUrlsOf([done('/a'), done('/b')])).toEqual(['/a', '/b']);
  });

  it('hold the change while a photo is uploading or failed', () => {
    expect(photoUrlsOf([done('/a'), { status: 'uploading' }])).toBeNull();
    expect(photoUrlsOf([{ status: 'error' }])).toBeNull();
  });

  it('read the file name of a photo URL and nothing else', () => {
    expect(photoFileName(`${prefix}abc.png`)).toBe('abc.png');
    expect(photoFileName('/elsewhere/abc.png')).toBeNull();
    expect(photoFileName(`${prefix}a%2Fb.png`)).toBeNull();
  });
});
