import type { AiOperation } from '../../../schema/ai/ai';

/** The brief being written, kept on this device per workspace and screen, so a draft typed offline survives. */
const key = (ws: number, screen: string) => `vuka.ai.brief.${ws}.${screen}`;

export function loadBrief(ws: number, screen: string): string {
  try {
    return localStorage.getItem(key(ws, screen)) ?? '';
  } catch {
    return '';
  }
}

export function saveBrief(ws: number, screen: string, brief: string): void {
  try {
    if (brief) localStorage.setItem(key(ws, screen), brief);
    else localStorage.removeItem(key(ws, screen));
  } catch {
    // Storage full or blocked: the brief stays on screen, only not across reloads.
  }
}

/** The screen an operation is written on. */
export const screenOf = (op: AiOperation): 'generator' | 'marketing' =>
  op === 'campaign_ideas' || op === 'social_captions' ? 'marketing' : 'generator';
