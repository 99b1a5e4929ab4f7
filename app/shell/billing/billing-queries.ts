import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { billingContract as c } from '../../../schema/billing/contract';
import type { BillingCycle, CreditPackId, PurchaseItem } from '../../../schema/billing/billing';
import { call, queryEndpoint } from '../../data/api';
import { refetchUser } from '../../data/session';

/** Query keys of the billing screens; invalidating `all` refreshes every one of them. */
export const billingKeys = {
  all: ['billing'] as const,
  overview: () => ['billing', 'overview'] as const,
  history: () => ['billing', 'history'] as const,
  verify: (reference: string) => ['billing', 'verify', reference] as const,
};

function present<T>(value: T | null): T {
  if (value === null) throw new Error('Received an empty answer from the server');
  return value;
}

export function useBillingOverview() {
  return useQuery({ queryKey: billingKeys.overview(), queryFn: async () => present(await queryEndpoint(c.overview, {})) });
}

export function useBillingHistory() {
  return useQuery({ queryKey: billingKeys.history(), queryFn: async () => present(await queryEndpoint(c.history, {})) });
}

/**
 * What billing shows, and the signed-in user's plan and credits, read again from the server. A
 * checkout result is a record of what happened, not a view, so it is left alone.
 */
function useRefreshBilling() {
  const qc = useQueryClient();
  return async () => {
    await Promise.all([qc.invalidateQueries({ queryKey: billingKeys.all, predicate: (q) => q.queryKey[1] !== 'verify' }), refetchUser()]);
  };
}

/**
 * The card provider sent the browser back with `?reference=`: settle that payment once and show
 * what happened. Asking twice is harmless (the server reads a settled payment back).
 */
export function useCheckoutReturn(reference: string | undefined) {
  const refresh = useRefreshBilling();
  return useQuery({
    queryKey: billingKeys.verify(reference ?? ''),
    enabled: Boolean(reference),
    retry: false,
    staleTime: Infinity,
    queryFn: async () => {
      const outcome = await call(c.verify, { body: { reference: reference ?? '' } });
      if (outcome.status === 'success') void refresh();
      return outcome;
    },
  });
}

/** Starts a hosted checkout and sends the browser there; it comes back to `returnPath`. */
export function useStartCheckout() {
  return useMutation({
    mutationFn: async (
      input:
        | { kind: 'subscription'; cycle: BillingCycle; promo: string; returnPath: string }
        | { kind: 'credits'; pack: CreditPackId; promo: string; returnPath: string },
    ) => {
      const started =
        input.kind === 'subscription'
          ? await call(c.subscriptionCheckout, { body: { cycle: input.cycle, promo_code: input.promo, return_path: input.returnPath } })
          : await call(c.creditsCheckout, { body: { pack: input.pack, promo_code: input.promo, return_path: input.returnPath } });
      window.location.assign(started.authorization_url);
      return started;
    },
  });
}

export function useChargeSavedCard() {
  const refresh = useRefreshBilling();
  return useMutation({
    mutationFn: (input: { pack: CreditPackId; promo: string; methodId: number }) =>
      call(c.creditsChargeSaved, { body: { pack: input.pack, promo_code: input.promo, payment_method_id: input.methodId } }),
    onSettled: refresh,
  });
}

/** Starts the account's one Pro trial: no card, the plan changes at once. */
export function useStartTrial() {
  const refresh = useRefreshBilling();
  return useMutation({ mutationFn: () => call(c.startTrial, {}), onSuccess: refresh });
}

export function useCancelSubscription() {
  const refresh = useRefreshBilling();
  return useMutation({ mutationFn: () => call(c.cancelSubscription, {}), onSuccess: refresh });
}

export function useCheckPromo() {
  return useMutation({ mutationFn: (input: { code: string; item: PurchaseItem }) => call(c.checkPromo, { body: input }) });
}

export function useSetDefaultCard() {
  const refresh = useRefreshBilling();
  return useMutation({ mutationFn: (id: number) => call(c.setDefaultMethod, { params: { id } }), onSuccess: refresh });
}

export function useRemoveCard() {
  const refresh = useRefreshBilling();
  return useMutation({ mutationFn: (id: number) => call(c.removeMethod, { params: { id } }), onSuccess: refresh });
}
