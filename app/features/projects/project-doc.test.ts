import { describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { addComment, addTask, column, commentsOf, descriptionOf, moveTask, readTasks, updateTask } from './project-doc';

/** Two replicas exchanging everything they have. */
function sync(a: Y.Doc, b: Y.Doc) {
  Y.applyUpdate(b, Y.encodeStateAsUpdate(a, Y.encodeStateVector(b)));
  Y.applyUpdate(a, Y.encodeStateAsUpdate(b, Y.encodeStateVector(a)));
}

describe('a project document', () => {
  it('two people dropping cards into one column at once both keep their card, in one order on both', () => {
    const a = new Y.Doc();
    const b = new Y.Doc();
    const first = addTask(a, { title: 'First', reporter: 1 });
    const x = addTask(a, { title: 'Card X', reporter: 1, status: 'in_review' });
    const y = addTask(a, { title: 'Card Y', reporter: 1, status: 'completed' });
    sync(a, b);
    // Both drop at the top of "To do", above First, without hearing of each other.
    moveTask(a, x, 'todo', 0);
    moveTask(b, y, 'todo', 0);
    sync(a, b);
    const onA = column(readTasks(a), 'todo').map((t) => t.id);
    const onB = column(readTasks(b), 'todo').map((t) => t.id);
    expect(onA).toEqual(onB);
    expect(new Set(onA)).toEqual(new Set([first, x, y]));
    expect(onA.at(-1)).toBe(first);
    // A third drop between the two tied cards still finds a key: right after the tie, before First.
    const z = addTask(a, { title: 'Card Z', reporter: 1, status: 'cancelled' });
    moveTask(a, z, 'todo', 1);
    expect(column(readTasks(a), 'todo').map((t) => t.id)).toEqual([onA[0], onA[1], z, first]);
  });

  it('a move to another column records a status change; an assignment records who', () => {
    const doc = new Y.Doc();
    const id = addTask(doc, { title: 'Paint', reporter: 1 });
    moveTask(doc, id, 'in_progress', 0, { id: 1, name: 'Thandi' });
    updateTask(doc, id, { assignee: 2 }, { id: 1, name: 'Thandi' });
    addComment(doc, id, { body: 'Ask @Sipho', author: 1, name: 'Thandi' });
    expect(commentsOf(doc, id).map((c) => [c.type, c.body])).toEqual([
      ['status_change', 'todo→in_progress'],
      ['assignment', '2'],
      ['mention', 'Ask @Sipho'],
    ]);
  });

  it('one description typed into on two devices keeps both texts', () => {
    const a = new Y.Doc();
    const b = new Y.Doc();
    const id = addTask(a, { title: 'Sign', reporter: 1 });
    sync(a, b);
    descriptionOf(a, id)?.insert(0, 'Gold border. ');
    descriptionOf(b, id)?.insert(0, 'Red letters. ');
    sync(a, b);
    const text = descriptionOf(a, id)?.toString() ?? '';
    expect(text).toContain('Gold border. ');
    expect(text).toContain('Red letters. ');
    expect(descriptionOf(b, id)?.toString()).toBe(text);
  });

  it('a task whose fields do not fit is not shown', () => {
    const doc = new Y.Doc();
    const id = addTask(doc, { title: 'Fine', reporter: 1 });
    const broken = new Y.Map<unknown>();
    broken.set('title', '');
    broken.set('status', 'somewhere');
    doc.getMap('tasks').set(crypto.randomUUID(), broken);
    doc.getMap('tasks').set('not-a-uuid', 'text');
    expect(readTasks(doc).map((t) => t.id)).toEqual([id]);
  });
});
