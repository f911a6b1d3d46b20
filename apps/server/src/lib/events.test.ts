import { describe, expect, it } from 'vitest';
import { DomainEventBus } from './events.ts';

const released = { memberId: 1, objectKey: 'media/a.mp4', size: 10 };

describe('DomainEventBus', () => {
  it('runs the listeners in order and resolves after the last has finished', async () => {
    const bus = new DomainEventBus(() => undefined);
    const seen: string[] = [];
    bus.on('material.released', async (event) => {
      await Promise.resolve();
      seen.push(`first ${event.objectKey}`);
    });
    bus.on('material.released', () => {
      seen.push('second');
    });
    await bus.emit('material.released', released);
    expect(seen).toEqual(['first media/a.mp4', 'second']);
  });

  it('logs a failing listener, never rejects the emitter, and still runs the next listener', async () => {
    const logged: unknown[] = [];
    const bus = new DomainEventBus((error, event) => logged.push([event, (error as Error).message]));
    let after = 0;
    bus.on('material.released', () => {
      throw new Error('refund failed');
    });
    bus.on('material.released', () => {
      after += 1;
    });
    await expect(bus.emit('material.released', released)).resolves.toBeUndefined();
    expect(logged).toEqual([['material.released', 'refund failed']]);
    expect(after).toBe(1);
  });

  it('is a no-op for an event nobody listens to', async () => {
    await expect(new DomainEventBus(() => undefined).emit('material.released', released)).resolves.toBeUndefined();
  });
});
