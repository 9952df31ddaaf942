import { describe, expect, it } from 'vitest';
import { runFair, type FairOptions } from '../../functions/workers/fair.ts';

interface Task {
  store: string;
  endpoint?: string;
  id: string;
}

// Fake tasks: each waits until the test ends it, so the test sees exactly which run together.
function harness() {
  const started: string[] = [];
  const pending = new Map<string, () => void>();
  let running = 0;
  let most = 0;
  const work = (task: Task) =>
    new Promise<void>((resolve) => {
      started.push(task.id);
      running += 1;
      most = Math.max(most, running);
      pending.set(task.id, () => {
        running -= 1;
        resolve();
      });
    });
  const settle = () => new Promise((resolve) => setImmediate(resolve));
  const end = async (id: string) => {
    pending.get(id)!();
    pending.delete(id);
    await settle();
  };
  const endAll = async () => {
    await settle();
    while (pending.size > 0) await end([...pending.keys()][0]!);
  };
  return { started, work, end, endAll, settle, most: () => most, running: () => [...pending.keys()] };
}

const tasks = (store: string, n: number, endpoint?: string): Task[] => Array.from({ length: n }, (_, i) => ({ store, endpoint, id: `${store}${i}` }));
const byStore = (max: number): FairOptions<Task>['caps'] => [{ key: (task) => task.store, max }];

describe('runFair, the fair-concurrency helper', () => {
  it('never runs more than the total at once, and runs every task', async () => {
    const h = harness();
    const run = runFair([...tasks('a', 5), ...tasks('b', 5), ...tasks('c', 5)], { total: 4, caps: byStore(10) }, h.work);
    await h.settle();
    expect(h.running()).toHaveLength(4);
    await h.endAll();
    const result = await run;
    expect(h.most()).toBe(4);
    expect(result).toEqual({ started: 15, left: [], errors: [] });
    expect(new Set(h.started).size).toBe(15);
  });

  it('keeps each key under its cap: a store with many tasks takes its cap, the others take the rest', async () => {
    const h = harness();
    const run = runFair([...tasks('big', 100), ...tasks('small', 3)], { total: 10, caps: byStore(4) }, h.work);
    await h.settle();
    expect(h.running().filter((id) => id.startsWith('big'))).toHaveLength(4);
    expect(h.running().filter((id) => id.startsWith('small'))).toHaveLength(3);
    await h.endAll();
    await run;
  });

  it('lets lanes take turns: another store’s first task starts before a big store’s second', async () => {
    const h = harness();
    const run = runFair([...tasks('big', 50), ...tasks('x', 1), ...tasks('y', 1)], { total: 1, caps: byStore(1) }, h.work);
    await h.endAll();
    await run;
    expect(h.started.slice(0, 4)).toEqual(['big0', 'x0', 'y0', 'big1']);
  });

  it('keeps a lane’s tasks in their order, and a second cap (an endpoint) holds a task back without holding its lane', async () => {
    const h = harness();
    const list: Task[] = [
      { store: 's', endpoint: 'slow', id: 'slow1' },
      { store: 's', endpoint: 'slow', id: 'slow2' },
      { store: 's', endpoint: 'fast', id: 'fast1' },
    ];
    const run = runFair(
      list,
      {
        total: 10,
        caps: [
          { key: (t) => t.store, max: 4 },
          { key: (t) => t.endpoint!, max: 1 },
        ],
      },
      h.work,
    );
    await h.settle();
    expect(h.running()).toEqual(['slow1', 'fast1']);
    await h.end('slow1');
    expect(h.running()).toEqual(['fast1', 'slow2']);
    await h.endAll();
    await run;
  });

  it('starts nothing that could not end before the deadline, and returns what it left', async () => {
    let clock = 1_000;
    const h = harness();
    const run = runFair(tasks('a', 3), { total: 1, caps: byStore(1), deadline: 1_500, taskMs: 300, now: () => clock }, h.work);
    await h.settle();
    expect(h.running()).toEqual(['a0']);
    clock = 1_250; // 250 ms left: not enough for another 300 ms task
    await h.end('a0');
    const result = await run;
    expect(result.started).toBe(1);
    expect(result.left.map((t) => t.id)).toEqual(['a1', 'a2']);
  });

  it('asks again whether a held task is ready whenever a task ends, and leaves one that never is', async () => {
    const h = harness();
    const done = new Set<string>();
    const work = async (task: Task) => {
      await h.work(task);
      done.add(task.id);
    };
    const list = [
      { store: 'a', id: 'first' },
      { store: 'b', id: 'after-first' },
      { store: 'c', id: 'never' },
    ];
    const ready = (task: Task) => (task.id === 'after-first' ? done.has('first') : task.id !== 'never');
    const run = runFair(list, { total: 10, caps: byStore(1), ready }, work);
    await h.settle();
    expect(h.running()).toEqual(['first']);
    await h.end('first');
    expect(h.running()).toEqual(['after-first']);
    await h.endAll();
    const result = await run;
    expect(result.left.map((t) => t.id)).toEqual(['never']);
  });

  it('goes on when a task throws (as a rejection or at once), and returns the errors', async () => {
    const list = tasks('a', 4);
    const result = await runFair(list, { total: 2, caps: byStore(2) }, async (task) => {
      if (task.id === 'a1') throw new Error('rejected');
      if (task.id === 'a2') return Promise.reject(new Error('also'));
    });
    expect(result.started).toBe(4);
    expect(result.errors.map(({ task, error }) => [task.id, (error as Error).message])).toEqual([
      ['a1', 'rejected'],
      ['a2', 'also'],
    ]);
  });

  it('ends at once with nothing to do', async () => {
    expect(await runFair([], { total: 3, caps: byStore(1) }, async () => undefined)).toEqual({ started: 0, left: [], errors: [] });
  });
});
