import type { z } from 'zod';
import { authContract, type socialProvider } from '../../../schema/contract/auth';
import { call } from '../../data/api';
import { Button } from '../../ui/button';
import * as s from './auth.css';

type Provider = z.infer<typeof socialProvider>;

/** Asks the server for the provider's sign-in address and sends the browser there. */
export async function startSocialLogin(provider: Provider): Promise<void> {
  try {
    const { auth_url } = await call(authContract.socialAuthUrl, { params: { provider } });
    window.location.assign(auth_url);
  } catch (err) {
    // spec §8: social login errors are only tracked, not shown.
    console.error(`social login (${provider}) failed`, err);
  }
}

export function SocialButtons() {
  return (
    <>
      <div className={s.divider}>or continue with</div>
      <div className={s.socialRow}>
        <Button variant="secondary" onPress={() => void startSocialLogin('facebook')}>
          Facebook
        </Button>
        <Button variant="secondary" onPress={() => void startSocialLogin('twitter')}>
          X
        </Button>
      </div>
    </>
  );
}
