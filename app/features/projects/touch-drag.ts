import { useEffect, useRef, type RefObject } from 'react';
import { taskStatuses, type TaskStatus } from '../../../schema/projects/projects';

/** How near the board's edge a finger must be for the columns to scroll, and how far each frame moves them. */
const EDGE_PX = 40;
const SCROLL_STEP_PX = 14;

export interface TouchDrop {
  taskId: string;
  status: TaskStatus;
  /** The card's place among the column's other cards. */
  index: number;
}

function isStatus(value: string | undefined): value is TaskStatus {
  return (taskStatuses as readonly string[]).includes(value ?? '');
}

/** Whether a point falls on an element, with a little slack for a fingertip. */
function within(el: HTMLElement, x: number, y: number, slack = 6): boolean {
  const r = el.getBoundingClientRect();
  return x >= r.left - slack && x <= r.right + slack && y >= r.top - slack && y <= r.bottom + slack;
}

/** The column under a point, and where among its cards (other than the one moving) the point falls. */
function dropAt(x: number, y: number, taskId: string): { column: HTMLElement; status: TaskStatus; index: number } | null {
  // The card under the finger is its lifted copy, and a notice may float over the board: look through both.
  const column = document
    .elementsFromPoint(x, y)
    .filter((el) => !el.closest('[data-touch-ghost]'))
    .map((el) => el.closest<HTMLElement>('[data-status]'))
    .find((el) => el !== null);
  const status = column?.dataset.status;
  if (!column || !isStatus(status)) return null;
  const cards = [...column.querySelectorAll<HTMLElement>('[data-task-id]')].filter((c) => c.dataset.taskId !== taskId);
  const index = cards.filter((c) => {
    const r = c.getBoundingClientRect();
    return r.top + r.height / 2 < y;
  }).length;
  return { column, status, index };
}

/**
 * A finger on a card's handle carries the card at once: the card follows the finger, the column under
 * it is outlined, the board scrolls sideways when the finger nears its edge (on a phone the columns
 * sit side by side off screen), and lifting the finger drops the card there. The browser's own drag,
 * which react-aria uses for the mouse, starts on a touch screen only after a long press and does not
 * scroll the board; this needs neither. A cancelled touch (a call, a system gesture) moves nothing.
 */
export function useTouchDrag(board: RefObject<HTMLElement | null>, handleClass: string, onDrop: (drop: TouchDrop) => void): void {
  // The board re-renders on every change to the document; a drag in progress must outlive that.
  const dropRef = useRef(onDrop);
  useEffect(() => {
    dropRef.current = onDrop;
  }, [onDrop]);
  useEffect(() => {
    const root = board.current;
    if (!root) return;
    let cleanup: (() => void) | null = null;

    const start = (down: PointerEvent) => {
      if (down.pointerType !== 'touch' || cleanup) return;
      // The handle takes touches (see projects.css); the test is by place, so a touch on its edge counts.
      const card = (down.target as Element | null)?.closest<HTMLElement>('[data-task-id]');
      const handle = card?.querySelector<HTMLElement>(`.${handleClass}`);
      const taskId = card?.dataset.taskId;
      if (!card || !handle || !taskId || !within(handle, down.clientX, down.clientY)) return;
      down.preventDefault();
      card.setPointerCapture(down.pointerId);

      const box = card.getBoundingClientRect();
      const offsetX = down.clientX - box.left;
      const offsetY = down.clientY - box.top;
      const ghost = card.cloneNode(true) as HTMLElement;
      ghost.removeAttribute('id');
      ghost.setAttribute('aria-hidden', 'true');
      ghost.dataset.touchGhost = '';
      delete ghost.dataset.taskId;
      Object.assign(ghost.style, {
        position: 'fixed',
        left: '0',
        top: '0',
        width: `${box.width}px`,
        pointerEvents: 'none',
        zIndex: '1000',
        boxShadow: '0 8px 24px rgba(0, 0, 0, 0.25)',
        transform: `translate(${box.left}px, ${box.top}px) rotate(2deg)`,
      });
      document.body.append(ghost);
      card.dataset.touchDragging = '';
      const snap = root.style.scrollSnapType;
      root.style.scrollSnapType = 'none';

      let x = down.clientX;
      let y = down.clientY;
      let over: HTMLElement | null = null;
      const mark = () => {
        const target = dropAt(x, y, taskId)?.column ?? null;
        if (target === over) return;
        if (over) delete over.dataset.touchOver;
        if (target) target.dataset.touchOver = '';
        over = target;
      };
      // Scrolls while the finger rests near an edge, not only while it moves.
      const scroller = window.setInterval(() => {
        const edge = root.getBoundingClientRect();
        if (x < edge.left + EDGE_PX) root.scrollLeft -= SCROLL_STEP_PX;
        else if (x > edge.right - EDGE_PX) root.scrollLeft += SCROLL_STEP_PX;
        else return;
        mark();
      }, 16);

      const move = (e: PointerEvent) => {
        if (e.pointerId !== down.pointerId) return;
        x = e.clientX;
        y = e.clientY;
        ghost.style.transform = `translate(${x - offsetX}px, ${y - offsetY}px) rotate(2deg)`;
        mark();
      };
      const end = (e: PointerEvent) => {
        if (e.pointerId !== down.pointerId) return;
        const drop = e.type === 'pointerup' ? dropAt(e.clientX, e.clientY, taskId) : null;
        cleanup?.();
        if (drop) dropRef.current({ taskId, status: drop.status, index: drop.index });
      };
      cleanup = () => {
        window.clearInterval(scroller);
        window.removeEventListener('pointermove', move);
        window.removeEventListener('pointerup', end);
        window.removeEventListener('pointercancel', end);
        ghost.remove();
        delete card.dataset.touchDragging;
        if (over) delete over.dataset.touchOver;
        root.style.scrollSnapType = snap;
        cleanup = null;
      };
      // On the window: captured events bubble there, and still arrive if a remote change re-renders the card.
      window.addEventListener('pointermove', move);
      window.addEventListener('pointerup', end);
      window.addEventListener('pointercancel', end);
    };

    root.addEventListener('pointerdown', start);
    return () => {
      root.removeEventListener('pointerdown', start);
      cleanup?.();
    };
  }, [board, handleClass]);
}
