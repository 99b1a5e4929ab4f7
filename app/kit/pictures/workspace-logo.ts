import { pictureFileId } from '../../../schema/pictures/pictures';
export { DOCUMENT_LOGO_WIDTH } from '../../../schema/pictures/pictures';
import type { WorkspaceDto } from '../../../schema/workspaces/workspaces';
import { pictureUrl } from './pictures';

/** The drive file the workspace's logo is (set in settings), or null when it is a web address or unset. */
export function logoFileId(workspace: Pick<WorkspaceDto, 'logo'>): string | null {
  return workspace.logo && pictureFileId.safeParse(workspace.logo).success ? workspace.logo : null;
}

/**
 * Where the workspace's logo is, about `cssWidth` CSS pixels wide: its drive picture when the logo
 * is a drive file (set in settings), the address itself when it is a web address, else null. For
 * every document that prints the business's name (the invoice view, its PDF).
 */
export function workspaceLogoUrl(workspace: Pick<WorkspaceDto, 'id' | 'logo'> | null | undefined, cssWidth = 128): string | null {
  const logo = workspace?.logo?.trim();
  if (!workspace || !logo) return null;
  if (pictureFileId.safeParse(logo).success) return pictureUrl(workspace.id, logo, cssWidth);
  return /^https?:\/\//i.test(logo) ? logo : null;
}
