import { describe, expect, it, vi } from 'vitest';
import type { PublishJobFrameData } from '@vidmatrix/contract/events';
import { ChatSocket, onPublishJob, onSocketBound, type SocketLike } from './socket.ts';

/** A socket the test feeds frames to. */
function fakeSocket() {
  const socket: SocketLike & { receive: (frame: object) => void } = {
    readyState: 1,
    send: () => undefined,
    close: () => undefined,
    onopen: null,
    onmessage: null,
    onclose: null,
    onerror: null,
    receive(frame) {
      this.onmessage?.({ data: JSON.stringify(frame) });
    },
  };
  return socket;
}

describe('publish frames on the chat socket', () => {
  it('hands publish_job frames and every bind to their listeners until they are removed', () => {
    const socket = fakeSocket();
    const client = new ChatSocket({
      url: 'ws://x/websocket',
      memberId: 7,
      token: 'tok',
      handlers: { redict: vi.fn(), message: vi.fn(), refresh: vi.fn(), sendMsg: vi.fn() },
      createSocket: () => socket,
    });
    client.open();
    const frames: PublishJobFrameData[] = [];
    const bound = vi.fn();
    const offFrame = onPublishJob((data) => frames.push(data));
    const offBound = onSocketBound(bound);

    const data = { batch_id: 3, job_id: 9, state: 'uploading', percent: 40, text: '', seq: 5 };
    socket.receive({ type: 'publish_job', data });
    socket.receive({ type: 'bind', data: { client_id: 'c', member_id: 7 } });
    expect(frames).toEqual([data]);
    expect(bound).toHaveBeenCalledTimes(1);

    offFrame();
    offBound();
    socket.receive({ type: 'publish_job', data });
    socket.receive({ type: 'bind', data: { client_id: 'c', member_id: 7 } });
    expect(frames).toHaveLength(1);
    expect(bound).toHaveBeenCalledTimes(1);
    client.close();
  });
});
