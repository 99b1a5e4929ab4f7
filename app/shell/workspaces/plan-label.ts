import type { PlanCode } from '../../../schema/accounts/accounts';
import { plans } from '../../../schema/billing/plans';

/** "Mahala (Free)" / "Vuka (Pro)": the plan's name with its badge, as on the pricing page. */
export function planLabel(code: PlanCode): string {
  return `${plans[code].name} (${plans[code].badge})`;
}

/** The free plan's workspace allowance, from the one plan table. */
export function workspaceAllowance(code: PlanCode): number | null {
  return plans[code].limits.workspaces;
}

const roleNames = { owner: 'Owner', admin: 'Admin', member: 'Member' } as const;
export function roleLabel(role: keyof typeof roleNames): string {
  return roleNames[role];
}
