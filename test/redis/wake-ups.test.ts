/**
 * The connection that listens for wake-ups is closed with the user's client, so it never keeps
 * their process alive: also when the client ends while that connection is still connecting.
 */
import { describe, expect, it } from 'vitest';
import type { Connection, Listener } from '../../src/redis/connection.js';
import { WakeUps } from '../../src/redis/wake-ups.js';

function fakeConnection() {
  const ends: (() => void)[] = [];
  let connected!: (listener: Listener) => void;
  const closed: string[] = [];
  const listener: Listener = {
    subscribe: async () => {},
    onReady: () => {},
    onLost: () => {},
    close: () => void closed.push('listener'),
  };
  const connection: Connection = {
    command: async () => 1,
    cluster: false,
    listener: () => new Promise<Listener>((resolve) => (connected = resolve)),
    onEnd: (callback) => void ends.push(callback),
  };
  return {
    connection,
    listener,
    closed,
    end: () => {
      for (const callback of ends) callback();
    },
    connect: () => connected(listener),
  };
}

/** Wake-ups over `fake`, asked to listen on one channel (the greeting never arrives: that failure is the test's to ignore). */
function listen(fake: ReturnType<typeof fakeConnection>) {
  const wakeUps = new WakeUps(fake.connection, 10);
  const listening = wakeUps
    .listen(
      'c',
      () => {},
      () => {},
    )
    .catch(() => {});
  return { wakeUps, listening };
}

describe('the listening connection', () => {
  it('is closed when the client ends after it connected', async () => {
    const fake = fakeConnection();
    const { listening } = listen(fake);
    fake.connect();
    await listening;
    fake.end();
    expect(fake.closed).toEqual(['listener']);
  });

  it('is closed once connected when the client ended while it was connecting', async () => {
    const fake = fakeConnection();
    const { wakeUps, listening } = listen(fake);
    await Promise.resolve();
    fake.end();
    expect(fake.closed).toEqual([]);
    fake.connect();
    await listening;
    expect(fake.closed).toEqual(['listener']);
    expect(wakeUps.listening('c')).toBe(false);
  });
});
