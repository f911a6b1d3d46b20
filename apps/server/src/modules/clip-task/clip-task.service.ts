import type { setOssMediaUrlBody } from '@vidmatrix/contract/api/material';
import type { z } from 'zod';
import type { Db } from '../../db/types.ts';
import type { MaterialService } from '../material/material.service.ts';
import { ClipTaskRepository } from './clip-task.repository.ts';

/** Clip tasks: the media each step produced (the clip issue grows rendering here). */
export class ClipTaskService {
  private readonly repo: ClipTaskRepository;

  constructor(
    private readonly deps: { db: Db; now: () => number },
    private readonly materials: Pick<MaterialService, 'recordUseOfUrl'>,
  ) {
    this.repo = new ClipTaskRepository(deps.db);
  }

  /**
   * setOssMediaUrl: sets the media of a clip task step. When that media is one of the member's
   * materials, the task now uses it: its use_count rises once per step that takes it up (setting the
   * same media again does not count twice).
   */
  async setStepMedia(memberId: number, body: z.output<typeof setOssMediaUrlBody>): Promise<void> {
    const previous = await this.repo.clipMediaUrl(memberId, body.ap_id, body.apt_id);
    await this.repo.setClipMedia({ member_id: memberId, ...body, updated_at: this.deps.now() });
    if (previous !== body.media_url) {
      await this.materials.recordUseOfUrl(memberId, body.media_url);
    }
  }
}
