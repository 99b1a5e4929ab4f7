import { z } from 'zod';

/** The Postgres channel every push NOTIFYs after its changes (sync-server/sync/sync.repo.ts). */
export const SYNC_CHANNEL = 'vuka_sync';

const changeNotice = z.object({ collection: z.string(), workspace: z.number().int(), seq: z.number().int() });
export type ChangeNotice = z.infer<typeof changeNotice>;

export function parseChangeNotice(payload: string): ChangeNotice | null {
  try {
    const parsed = changeNotice.safeParse(JSON.parse(payload));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}
