/** How far a device catching up on the server's changes has come: change numbers done of those to go. */
export interface CatchUpProgress {
  done: number;
  total: number;
}

interface Lane {
  from: number;
  at: number;
  head: number;
}

/**
 * Follows the pulls of every collection while a device catches up (a first sync, or a return after a
 * long time offline): a collection is catching up from a full page until a page that is not full.
 * The change numbers are shared by all collections of a workspace, so `head − checkpoint` is an upper
 * bound of what a collection has left: the bar moves steadily and ends when the last page arrives.
 */
export class CatchUp {
  private lanes = new Map<string, Lane>();

  /** One pull answered: where it started, where it ended, the workspace's head, and whether the page was full. */
  note(key: string, from: number, at: number, head: number | undefined, full: boolean): CatchUpProgress | null {
    if (!full || head === undefined) {
      this.lanes.delete(key);
    } else {
      const lane = this.lanes.get(key);
      this.lanes.set(key, { from: lane ? lane.from : from, at, head: Math.max(head, at) });
    }
    return this.progress();
  }

  /** A collection stopped (the engine stops, the workspace is left): it no longer counts. */
  forget(key: string): CatchUpProgress | null {
    this.lanes.delete(key);
    return this.progress();
  }

  progress(): CatchUpProgress | null {
    if (this.lanes.size === 0) return null;
    let done = 0;
    let total = 0;
    for (const lane of this.lanes.values()) {
      done += lane.at - lane.from;
      total += lane.head - lane.from;
    }
    return total > 0 ? { done, total } : null;
  }
}
