import type { ClipOutput, ClipTaskInfo } from '@vidmatrix/contract/api/clip-task';
import { describe, expect, it } from 'vitest';
import { withPoster } from './use-clip-progress.ts';

const output = (id: number, materialId: number): ClipOutput => ({
  id,
  index: id - 1,
  status: materialId > 0 ? 'done' : 'running',
  progress: materialId > 0 ? 1 : 0.4,
  material_id: materialId,
  file_url: materialId > 0 ? `/storage/clip/${id}.mp4` : '',
  thumb_url: '',
  title: '',
  error: '',
});

const task: ClipTaskInfo = {
  id: 5,
  name: '任务',
  clip_model: 1,
  status: 'running',
  done: 1,
  failed: 0,
  total: 2,
  seed: 1,
  error: '',
  created_at: '2026-11-25 10:00:00',
  input: {},
  outputs: [output(1, 41), output(2, 0)],
};

describe('withPoster', () => {
  it('sets the poster of the video that is that material only', () => {
    const next = withPoster(task, { material_id: 41, status: 'done', thumb_url: '/storage/thumbs/p.jpg', duration: 3 });
    expect(next.outputs.map((o) => o.thumb_url)).toEqual(['/storage/thumbs/p.jpg', '']);
    expect(task.outputs[0]?.thumb_url).toBe('');
  });

  it('leaves the task as it is for another material or a failed poster', () => {
    expect(withPoster(task, { material_id: 99, status: 'done', thumb_url: '/storage/thumbs/p.jpg', duration: 3 })).toBe(
      task,
    );
    expect(withPoster(task, { material_id: 41, status: 'failed', thumb_url: '', duration: 0 })).toBe(task);
  });
});
