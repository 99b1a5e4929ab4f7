import { describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { channelSlug } from '../../../schema/projects/projects';
import {
  addComment,
  addTask,
  attachFile,
  attachmentsOf,
  column,
  commentsOf,
  deleteTask,
  descriptionOf,
  detachFile,
  moveTask,
  readTasks,
  updateTask,
} from './project-doc';
import { peerCursors, publishCursor } from './presence';
import { Awareness } from 'y-protocols/awareness';

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

describe('attachments, cursors and channel names', () => {
  const file = (n: number) => `00000000-0000-4000-8000-00000000000${n}`;

  it('two people attaching files to one task at once both keep theirs; removing one leaves the other; deleting the task takes them', () => {
    const a = new Y.Doc();
    const b = new Y.Doc();
    const id = addTask(a, { title: 'Sign', reporter: 1 });
    sync(a, b);
    attachFile(a, id, { file: file(1), name: 'quote.pdf', type: 'application/pdf', size: 10, by: 1 });
    attachFile(b, id, { file: file(2), name: 'photo.png', type: 'image/png', size: 20, by: 2 });
    sync(a, b);
    expect(
      attachmentsOf(a, id)
        .map((x) => x.name)
        .sort(),
    ).toEqual(['photo.png', 'quote.pdf']);
    expect(attachmentsOf(b, id)).toEqual(attachmentsOf(a, id));
    detachFile(b, id, file(1));
    sync(a, b);
    expect(attachmentsOf(a, id).map((x) => x.name)).toEqual(['photo.png']);
    deleteTask(a, id);
    expect(attachmentsOf(a, id)).toEqual([]);
  });

  it('a file is attached to a task once, and a task that does not exist takes none', () => {
    const a = new Y.Doc();
    const id = addTask(a, { title: 'Sign', reporter: 1 });
    attachFile(a, id, { file: file(1), name: 'quote.pdf', type: 'application/pdf', size: 10, by: 1 });
    attachFile(a, id, { file: file(1), name: 'quote.pdf', type: 'application/pdf', size: 10, by: 2 });
    attachFile(a, crypto.randomUUID(), { file: file(3), name: 'x.pdf', type: 'application/pdf', size: 1, by: 1 });
    expect(attachmentsOf(a, id)).toHaveLength(1);
    expect(a.getMap('attachments').size).toBe(1);
  });

  it("another person's caret stays on the same letter while text is typed before it", () => {
    const a = new Y.Doc();
    const b = new Y.Doc();
    const id = addTask(a, { title: 'Sign', reporter: 1, description: 'gold letters' });
    sync(a, b);
    const theirs = new Awareness(b);
    theirs.setLocalState({ user: { id: 2, name: 'Sipho', color: '#0E7490' }, task: id });
    const text = descriptionOf(b, id);
    if (!text) throw new Error('no description');
    publishCursor(theirs, text, id, 5, 12);
    descriptionOf(a, id)?.insert(0, 'Big ');
    sync(a, b);
    const mine = descriptionOf(a, id);
    if (!mine) throw new Error('no description');
    const [peer] = peerCursors(new Map([[theirs.clientID, theirs.getLocalState() ?? {}]]), null, mine, id);
    expect(peer).toMatchObject({ name: 'Sipho', color: '#0E7490', anchor: 9, head: 16 });
    expect(mine.toString().slice(peer.anchor ?? 0, peer.head ?? 0)).toBe('letters');
  });

  it('a channel name is what was typed, in lower case with dashes', () => {
    expect(channelSlug('  Market Day! ')).toBe('market-day');
    expect(channelSlug('Café Crew')).toBe('cafe-crew');
    expect(channelSlug('!!!')).toBe('');
  });
});
