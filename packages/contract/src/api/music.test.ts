import { describe, expect, it } from 'vitest';
import { pickSelection } from '../rules/upload.ts';
import { musicKey, type Music } from './music.ts';

const track = (music_id: number, is_system_music: number): Music => ({
  music_id,
  cate_id: 0,
  is_system_music,
  file: { file_name: `${music_id}.mp3`, file_url: '', duration: 1 },
});

describe('musicKey', () => {
  it('tells system and own music with the same id apart', () => {
    expect(musicKey(track(7, 1))).not.toBe(musicKey(track(7, 0)));
    expect(musicKey(track(7, 1))).toBe(musicKey(track(7, 1)));
  });

  it('lets the picker hold a system and an own track of the same id', () => {
    const same = (a: Music, b: Music) => musicKey(a) === musicKey(b);
    const first = pickSelection([], track(7, 1), 2, same);
    const both = pickSelection(first.selected, track(7, 0), 2, same);
    expect(both.selected.map(musicKey)).toEqual(['system-7', 'own-7']);
  });
});
