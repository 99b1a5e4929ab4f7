/**
 * Pages that hold edits not yet saved say so here, so an app update never reloads over them.
 * Each page passes its own key; the app has unsaved work while any key is set.
 */
const owners = new Set<string>();

export function setUnsavedWork(dirty: boolean, owner = 'page'): void {
  if (dirty) owners.add(owner);
  else owners.delete(owner);
}

export function hasUnsavedWork(): boolean {
  return owners.size > 0;
}
