import { brand } from '../../../schema/brand';

/** The last opened workspace, so the 404 page can offer its Dashboard (spec §2 "Unknown paths"). */
export const lastWorkspaceKey = `${brand.storagePrefix}-last-workspace`;

export function rememberWorkspace(id: number): void {
  try {
    localStorage.setItem(lastWorkspaceKey, String(id));
  } catch {
    // storage may be full or blocked; the 404 page then simply shows no Dashboard link
  }
}

export function forgetWorkspace(id: number): void {
  try {
    if (localStorage.getItem(lastWorkspaceKey) === String(id)) localStorage.removeItem(lastWorkspaceKey);
  } catch {
    // see rememberWorkspace
  }
}

export function lastWorkspaceId(): number | null {
  try {
    const raw = localStorage.getItem(lastWorkspaceKey);
    const id = raw && /^\d+$/.test(raw) ? Number(raw) : null;
    return id && id > 0 ? id : null;
  } catch {
    return null;
  }
}
