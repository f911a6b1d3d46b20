import { describe, expect, it } from 'vitest';
import { isUploadKey, randomObjectName, thumbKeyOf, uploadKey } from './object-name.ts';

describe('object names', () => {
  it('are 26 random characters under media/ with the extension in lower case', () => {
    const key = uploadKey('MP4');
    expect(key).toMatch(/^media\/[a-z0-9]{26}\.mp4$/);
    expect(isUploadKey(key)).toBe(true);
    expect(randomObjectName()).not.toBe(randomObjectName());
  });
  it.each(['media/../etc/passwd', 'other/abcdefghijklmnopqrstuvwxyz.mp4', 'media/short.mp4', '/media/x.mp4'])(
    'refuses %s',
    (key) => {
      expect(isUploadKey(key)).toBe(false);
    },
  );
  it('names the thumbnail after the object', () => {
    expect(thumbKeyOf('media/abcdefghijklmnopqrstuvwxyz.mov')).toBe('thumbs/abcdefghijklmnopqrstuvwxyz.jpg');
  });
});
