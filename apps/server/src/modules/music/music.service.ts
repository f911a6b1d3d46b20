import fs from 'node:fs';
import type { MusicCate, MusicList, musicListBody } from '@vidmatrix/contract/api/music';
import type { z } from 'zod';
import type { MediaRepository } from '../../media/media.repository.ts';
import type { StorageDriver } from '../../storage/storage.ts';
import type { MaterialRepository } from '../material/material.repository.ts';
import type { MusicRepository } from './music.repository.ts';
import { scoreSeconds } from './music-synth.ts';
import { seedTrackFile } from './seed-track-file.ts';
import { SEED_CATES, SEED_MUSIC_LICENCE, SEED_TRACKS, type SeedTrack } from './system-music.ts';

type MusicStore = Pick<MusicRepository, 'cates' | 'ensureCate' | 'licences' | 'saveTrack' | 'systemPage'>;

/** Background music: system music by category, and the member's own audio materials. */
export class MusicService {
  private readonly repo: MusicStore;
  /** The member's own audio materials: read from the shared material repository (issue 26). */
  private readonly materials: Pick<MaterialRepository, 'audio'>;

  constructor(
    private readonly deps: {
      musicRepository: MusicStore;
      materialRepository: Pick<MaterialRepository, 'audio'>;
      now: () => number;
      storage: StorageDriver;
    },
    private readonly media: Pick<MediaRepository, 'encodeMusic' | 'duration'>,
  ) {
    this.repo = deps.musicRepository;
    this.materials = deps.materialRepository;
  }

  /** getSystemMusicCate. */
  async cates(): Promise<MusicCate[]> {
    const rows = await this.repo.cates();
    return rows.map((r) => ({ cate_id: r.id, name: r.name }));
  }

  /** getSystemMusic: system music (is_system_music 1) or the member's own (0), paged. */
  async list(memberId: number, body: z.output<typeof musicListBody>): Promise<MusicList> {
    const offset = (body.page - 1) * body.limit;
    const { storage } = this.deps;
    if (body.is_system_music === 1) {
      const { rows, count } = await this.repo.systemPage(body.keywords, body.cate_id, body.limit, offset);
      return {
        count,
        list: rows.map((r) => ({
          music_id: r.id,
          cate_id: r.cate_id,
          is_system_music: 1,
          file: {
            file_name: r.name,
            file_url: storage.publicUrl(r.object_key),
            duration: Number(r.duration_ms) / 1000,
          },
          licence: r.licence,
        })),
      };
    }
    const [rows, total] = await this.materials.audio(memberId, body.keywords, body.limit, offset);
    return {
      count: Number(total.n),
      list: rows.map((r) => ({
        music_id: r.id,
        cate_id: 0,
        is_system_music: 0,
        file: {
          file_name: r.file_name,
          file_url: storage.publicUrl(r.object_key),
          duration: Number(r.duration_ms) / 1000,
        },
      })),
    };
  }

  /**
   * Makes and stores the seed tracks on first start (no system music yet), and makes again those an
   * earlier seed left without a licence (its 4–8 s tones); returns how many it wrote.
   */
  async seedSystemMusic(): Promise<number> {
    const licences = await this.repo.licences();
    const keyOf = (track: SeedTrack) => `music/system/${track.slug}.mp3`;
    const due = SEED_TRACKS.filter((track) => licences.size === 0 || licences.get(keyOf(track)) === '');
    if (due.length === 0) {
      return 0;
    }
    const cateIds = new Map<string, number>();
    for (const [index, name] of SEED_CATES.entries()) {
      cateIds.set(name, await this.repo.ensureCate(name, index + 1));
    }
    await Promise.all(
      due.map(async (track) => {
        const file = await seedTrackFile(track, (wav, output) => this.media.encodeMusic(wav, output));
        const key = keyOf(track);
        await this.deps.storage.put(key, fs.readFileSync(file), 'audio/mpeg');
        const duration = await this.media.duration(file);
        await this.repo.saveTrack({
          cate_id: cateIds.get(track.cate) ?? 0,
          name: track.name,
          object_key: key,
          duration_ms: Math.round((duration ?? scoreSeconds(track.score)) * 1000),
          sort: SEED_TRACKS.indexOf(track) + 1,
          created_at: this.deps.now(),
          licence: SEED_MUSIC_LICENCE,
        });
      }),
    );
    return due.length;
  }
}
