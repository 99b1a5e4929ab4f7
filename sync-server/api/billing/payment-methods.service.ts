import type { AppDeps } from '../../deps.js';
import { HttpError, notFound } from '../../http/errors.js';
import { PaymentProviderError } from '../../payments/gateway.js';
import { paymentGateway } from '../../payments/payments.js';
import type { PaymentMethodDto } from '../../../schema/billing/billing.js';
import * as repo from './billing.repo.js';

function methodDto(m: repo.MethodRow): PaymentMethodDto {
  return {
    id: m.id,
    brand: m.brand,
    last4: m.last4,
    exp_month: m.exp_month,
    exp_year: m.exp_year,
    bank: m.bank,
    card_type: m.card_type,
    is_default: m.is_default,
  };
}

export async function listMethods(deps: AppDeps, userId: number): Promise<PaymentMethodDto[]> {
  return (await repo.listMethods(deps.db, userId)).map(methodDto);
}

export async function setDefaultMethod(deps: AppDeps, userId: number, id: number): Promise<PaymentMethodDto[]> {
  await deps.db.transaction(async (tx) => {
    if (!(await repo.methodOf(tx, userId, id))) throw notFound('Card not found');
    await repo.setDefaultMethod(tx, userId, id);
  });
  return listMethods(deps, userId);
}

/** Removes a saved card here and at the provider, so it can no longer be charged. */
export async function removeMethod(deps: AppDeps, userId: number, id: number): Promise<PaymentMethodDto[]> {
  const method = await repo.methodOf(deps.db, userId, id);
  if (!method) throw notFound('Card not found');
  const gateway = paymentGateway(deps.config);
  if (gateway) {
    await gateway.deactivateAuthorization(method.provider_id).catch((err: unknown) => {
      // Already gone at the provider is what we want; anything else must not leave a chargeable card behind.
      if (!(err instanceof PaymentProviderError && err.status === 404)) {
        throw err instanceof PaymentProviderError ? new HttpError(502, err.message, { code: 'payment_provider' }) : err;
      }
    });
  }
  await deps.db.transaction((tx) => repo.removeMethod(tx, userId, id));
  return listMethods(deps, userId);
}
