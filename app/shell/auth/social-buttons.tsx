import { useQuery } from '@tanstack/react-query';
import { getRouteApi } from '@tanstack/react-router';
import type { z } from 'zod';
import { authContract, type socialProvider } from '../../../schema/auth/contract';
import { call } from '../../data/api';
import { Button } from '../../ui/button';
import * as s from './auth.css';

type Provider = z.infer<typeof socialProvider>;

const labels: Record<Provider, string> = { facebook: 'Facebook', twitter: 'X' };

const route = getRouteApi('/auth');

/**
 * Asks the server for the provider's sign-in address and sends the browser there. `redirect` (the
 * /auth page's checked return path) is where the server sends the browser once signed in.
 */
export async function startSocialLogin(provider: Provider, redirect?: string): Promise<void> {
  try {
    const { auth_url } = await call(authContract.socialAuthUrl, { params: { provider }, query: { redirect } });
    window.location.assign(auth_url);
  } catch (err) {
    // spec §8: social login errors are only tracked, not shown.
    console.error(`social login (${provider}) failed`, err);
  }
}

/** The providers this server can sign in with; none while unknown (loading, offline, an error). */
function useSocialProviders(): readonly Provider[] {
  const query = useQuery({
    queryKey: ['auth', 'social-providers'],
    queryFn: () => call(authContract.socialProviders, {}),
    staleTime: 5 * 60_000,
    retry: false,
  });
  return query.data?.providers ?? [];
}

/** A button per configured provider; nothing at all when the server has none, so no button does nothing. */
export function SocialButtons() {
  const providers = useSocialProviders();
  const { redirect } = route.useSearch();
  if (providers.length === 0) return null;
  return (
    <>
      <div className={s.divider}>or continue with</div>
      <div className={s.socialRow}>
        {providers.map((p) => (
          <Button key={p} variant="secondary" onPress={() => void startSocialLogin(p, redirect)}>
            {labels[p]}
          </Button>
        ))}
      </div>
    </>
  );
}
