import type { MediaRepository } from '../../media/media.repository.ts';
import type { RealtimePublisher } from '../../realtime/hub.ts';
import type { StorageDriver } from '../../storage/storage.ts';
import { thumbKeyOf } from '../upload/object-name.ts';
import type { MaterialRepository } from './material.repository.ts';

type ProcessingRow = NonNullable<Awaited<ReturnType<MaterialRepository['processingRow']>>>;

/**
 * Background media work of a material: thumbnail (images), poster and duration (video), duration (audio).
 * Each finish is pushed to the member (`material_processed`), so a poster and duration show at once.
 */
export class MediaProcessingService {
  private readonly repo: Pick<MaterialRepository, 'processingRow' | 'setProcessed' | 'unprocessedIds'>;

  constructor(
    private readonly deps: {
      materialRepository: Pick<MaterialRepository, 'processingRow' | 'setProcessed' | 'unprocessedIds'>;
      storage: StorageDriver;
      realtime?: RealtimePublisher;
    },
    private readonly media: MediaRepository,
  ) {
    this.repo = deps.materialRepository;
  }

  /** Materials still waiting for their media processing (what a queue that lost its jobs queues again). */
  unprocessed(): Promise<number[]> {
    return this.repo.unprocessedIds();
  }

  /** Processes one material; throws so the queue retries. A deleted material is a no-op. */
  async process(materialId: number): Promise<void> {
    const row = await this.repo.processingRow(materialId);
    if (!row || row.process_status === 'done') {
      return;
    }
    try {
      await this.make(materialId, row);
    } catch (error) {
      // Deleted while the job ran, before it read the file: the delete took the file with it, so there is
      // nothing to retry (an error only for a material that is still there).
      if (!(await this.repo.processingRow(materialId))) {
        return;
      }
      throw error;
    }
  }

  private async make(materialId: number, row: ProcessingRow): Promise<void> {
    const { storage } = this.deps;
    const thumbKey = thumbKeyOf(row.object_key);
    switch (row.file_type) {
      case 'image': {
        // A local file is read by sharp itself (JPEG shrink-on-load, no copy of the original in memory).
        const source = await storage.mediaSource(row.object_key);
        const original = /^https?:\/\//i.test(source)
          ? await streamToBuffer(await storage.read(row.object_key))
          : source;
        await storage.put(thumbKey, await this.media.imageThumbnail(original), 'image/jpeg');
        await this.finish(row.member_id, materialId, thumbKey, {
          thumb_key: thumbKey,
          process_status: 'done',
          process_error: '',
        });
        return;
      }
      case 'video': {
        const source = await storage.mediaSource(row.object_key);
        const duration = await this.media.duration(source);
        await storage.put(thumbKey, await this.media.videoPoster(source, duration), 'image/jpeg');
        await this.finish(row.member_id, materialId, thumbKey, {
          thumb_key: thumbKey,
          duration_ms: Math.round((duration ?? 0) * 1000),
          process_status: 'done',
          process_error: '',
        });
        return;
      }
      default: {
        const duration = await this.media.duration(await storage.mediaSource(row.object_key));
        await this.finish(row.member_id, materialId, null, {
          duration_ms: Math.round((duration ?? 0) * 1000),
          process_status: 'done',
          process_error: '',
        });
      }
    }
  }

  /**
   * The job's last write, only onto a material that still exists, then the frame to its owner. One
   * deleted while the job ran had its objects removed by the delete, possibly before the thumbnail was
   * written: the job removes that thumbnail itself, or it would stay in storage with no material to own it.
   */
  private async finish(
    memberId: number,
    materialId: number,
    thumbKey: string | null,
    values: Parameters<MaterialRepository['setProcessed']>[1],
  ): Promise<void> {
    if (await this.repo.setProcessed(materialId, values)) {
      this.finished(memberId, materialId, thumbKey, (values.duration_ms ?? 0) / 1000);
    } else if (thumbKey) {
      await this.deps.storage.delete(thumbKey);
    }
  }

  /** The last attempt failed: the card shows it instead of a placeholder forever. */
  async markFailed(materialId: number, error: Error): Promise<void> {
    await this.repo.setProcessed(materialId, { process_status: 'failed', process_error: error.message.slice(0, 500) });
    const row = await this.repo.processingRow(materialId);
    if (row) {
      this.deps.realtime?.publish(row.member_id, {
        type: 'material_processed',
        data: { material_id: materialId, status: 'failed', thumb_url: '', duration: 0 },
      });
    }
  }

  /** `duration` in seconds, as the library lists it. */
  private finished(memberId: number, materialId: number, thumbKey: string | null, duration: number): void {
    this.deps.realtime?.publish(memberId, {
      type: 'material_processed',
      data: {
        material_id: materialId,
        status: 'done',
        thumb_url: thumbKey ? this.deps.storage.publicUrl(thumbKey) : '',
        duration,
      },
    });
  }
}

async function streamToBuffer(stream: AsyncIterable<unknown>): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) {
    chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as Uint8Array));
  }
  return Buffer.concat(chunks);
}
