import { z } from 'zod';
import { localSetting } from '../public/local-setting';

/**
 * Data saver, a choice kept on this device: pictures load only when tapped, and large uploads wait
 * for Wi-Fi (or for the person to say "Upload now"). For people who pay for every megabyte.
 */
export const dataSaver = localSetting('data-saver', z.boolean(), false);

/** Files above this wait for Wi-Fi under data saver, bytes. */
export const LARGE_FILE_BYTES = 5 * 1024 * 1024;

/** What the browser says of the connection (Chrome on Android; elsewhere nothing is known). */
interface ConnectionInfo {
  type?: string;
  saveData?: boolean;
}

/** True only when the browser says the connection is Wi-Fi or wired; unknown counts as not. */
export function onUnmeteredNetwork(connection: ConnectionInfo | undefined = browserConnection()): boolean {
  return connection?.type === 'wifi' || connection?.type === 'ethernet';
}

function browserConnection(): ConnectionInfo | undefined {
  if (typeof navigator === 'undefined') return undefined;
  const connection: unknown = Reflect.get(navigator, 'connection');
  return typeof connection === 'object' && connection !== null ? (connection as ConnectionInfo) : undefined;
}
