import { useEffect, useState, useSyncExternalStore } from 'react';
import { IndexeddbPersistence } from 'y-indexeddb';
import type { Awareness } from 'y-protocols/awareness';
import { WebsocketProvider } from 'y-websocket';
import * as Y from 'yjs';
import { closeProblem, reconnectsAfter, type DocProblem } from './yjs-close';

/**
 * Collaborative documents on this device (DESIGN.md §6): each opened document is kept in IndexedDB
 * (y-indexeddb), so everything opened once opens again offline, and joined to `/api/yjs/:doc` while
 * online (y-websocket). Edits made offline sit in the local copy and merge when the socket returns.
 * One copy per document per tab, shared by every screen that shows it.
 */

export type DocStatus = 'connecting' | 'connected' | 'offline';

interface OpenDoc {
  doc: Y.Doc;
  local: IndexeddbPersistence;
  provider: WebsocketProvider | null;
  status: DocStatus;
  /** Why the server last closed the socket, while it matters (see yjs-close.ts). */
  problem: DocProblem | null;
  loaded: boolean;
  users: number;
  listeners: Set<() => void>;
  stop: () => void;
}

const open = new Map<string, OpenDoc>();

function storeName(userId: number, name: string): string {
  return `vuka-yjs-${userId}-${name}`;
}

function socketBase(): string {
  const { protocol, host } = window.location;
  return `${protocol === 'https:' ? 'wss' : 'ws'}://${host}/api/yjs`;
}

/** Opens (or shares) a document; `network: false` reads the device's copy only (the calendar). */
function acquire(userId: number, name: string, network: boolean): OpenDoc {
  const key = storeName(userId, name);
  let entry = open.get(key);
  if (!entry) {
    const doc = new Y.Doc();
    const local = new IndexeddbPersistence(key, doc);
    const created: OpenDoc = {
      doc,
      local,
      provider: null,
      status: 'offline',
      problem: null,
      loaded: false,
      users: 0,
      listeners: new Set(),
      stop: () => {},
    };
    const notify = () => created.listeners.forEach((l) => l());
    void local.whenSynced.then(() => {
      created.loaded = true;
      notify();
    });
    entry = created;
    open.set(key, entry);
  }
  if (network && !entry.provider) connect(entry, name);
  entry.users++;
  return entry;
}

function connect(entry: OpenDoc, name: string) {
  const provider = new WebsocketProvider(socketBase(), name, entry.doc, {
    connect: navigator.onLine,
    disableBc: true,
    maxBackoffTime: 10_000,
    // A refused change would be sent again on every reconnect and refused again: stay closed.
    shouldReconnect: (event) => reconnectsAfter(event.code),
  });
  entry.provider = provider;
  const notify = () => entry.listeners.forEach((l) => l());
  const onStatus = ({ status }: { status: 'connected' | 'disconnected' | 'connecting' }) => {
    entry.status = status === 'connected' ? 'connected' : status === 'connecting' ? 'connecting' : 'offline';
    notify();
  };
  // Said until the document is in step with the server again, not just until a socket opens.
  const onSync = (synced: boolean) => {
    if (!synced || entry.problem !== 'tooFast') return;
    entry.problem = null;
    notify();
  };
  const onClose = (event: CloseEvent | null) => {
    const problem = event ? closeProblem(event.code) : null;
    if (problem) entry.problem = problem;
    notify();
  };
  provider.on('status', onStatus);
  provider.on('connection-close', onClose);
  provider.on('sync', onSync);
  // The browser says when the network goes and comes: the socket follows at once (unless refused for good).
  const onOffline = () => provider.disconnect();
  const onOnline = () => {
    if (entry.problem !== 'full' && entry.problem !== 'tooLarge') provider.connect();
  };
  window.addEventListener('offline', onOffline);
  window.addEventListener('online', onOnline);
  entry.stop = () => {
    window.removeEventListener('offline', onOffline);
    window.removeEventListener('online', onOnline);
    provider.off('status', onStatus);
    provider.off('connection-close', onClose);
    provider.off('sync', onSync);
    provider.destroy();
  };
}

function release(userId: number, name: string) {
  const key = storeName(userId, name);
  const entry = open.get(key);
  if (!entry) return;
  entry.users--;
  if (entry.users > 0) return;
  open.delete(key);
  entry.stop();
  void entry.local.destroy();
  entry.doc.destroy();
}

export interface SharedDoc {
  doc: Y.Doc;
  awareness: Awareness | null;
  status: DocStatus;
  /** Why the server closed the socket, to be shown in place of the status while set. */
  problem: DocProblem | null;
  /** The device's copy has been read (an offline open shows nothing before it). */
  loaded: boolean;
}

/** A document for as long as the component is mounted; null for no document. */
export function useSharedDoc(userId: number | null, name: string | null): SharedDoc | null {
  const [entry, setEntry] = useState<OpenDoc | null>(null);
  useEffect(() => {
    if (userId === null || name === null) return;
    const e = acquire(userId, name, true);
    setEntry(e);
    return () => {
      setEntry(null);
      release(userId, name);
    };
  }, [userId, name]);
  const snapshot = useSyncExternalStore(
    (l) => {
      entry?.listeners.add(l);
      return () => entry?.listeners.delete(l);
    },
    () => (entry ? `${entry.status}:${entry.problem}:${entry.loaded}` : 'none'),
  );
  if (!entry || snapshot === 'none') return null;
  return {
    doc: entry.doc,
    awareness: entry.provider?.awareness ?? null,
    status: entry.status,
    problem: entry.problem,
    loaded: entry.loaded,
  };
}

/** Re-renders on every change to the document; returns a counter that changes with it. */
export function useDocVersion(doc: Y.Doc | null | undefined): number {
  return useSyncExternalStore(
    (l) => {
      if (!doc) return () => {};
      const on = () => {
        versions.set(doc, (versions.get(doc) ?? 0) + 1);
        l();
      };
      doc.on('update', on);
      return () => doc.off('update', on);
    },
    () => (doc ? (versions.get(doc) ?? 0) : 0),
  );
}
const versions = new WeakMap<Y.Doc, number>();

/** Re-renders when anyone's presence changes. */
export function useAwarenessStates(awareness: Awareness | null): Map<number, Record<string, unknown>> {
  const [states, setStates] = useState<Map<number, Record<string, unknown>>>(() => new Map(awareness?.getStates() ?? []));
  useEffect(() => {
    if (!awareness) return;
    const on = () => setStates(new Map(awareness.getStates()));
    on();
    awareness.on('change', on);
    return () => awareness.off('change', on);
  }, [awareness]);
  return states;
}

/**
 * The device's copy of a document, read without joining the server: for views over many documents
 * (the planner's calendar). `onChange` runs once loaded and on every change; the returned function
 * lets go.
 */
export function watchLocalDoc(userId: number, name: string, onChange: (doc: Y.Doc) => void): () => void {
  const entry = acquire(userId, name, false);
  const on = () => onChange(entry.doc);
  entry.doc.on('update', on);
  void entry.local.whenSynced.then(on);
  return () => {
    entry.doc.off('update', on);
    release(userId, name);
  };
}
