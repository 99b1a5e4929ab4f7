import { brand } from '../../../schema/brand';
import { Button, type VukaButtonProps } from '../../ui/button';
import { promptInstall, useInstallStore } from './install-store';

/**
 * "Install Vuka", shown only while the browser offers installation (Chromium's
 * `beforeinstallprompt`); renders nothing elsewhere and once installed.
 */
export function InstallButton({ variant = 'secondary', wide }: Pick<VukaButtonProps, 'variant' | 'wide'>) {
  const available = useInstallStore((s) => s.deferred !== null);
  if (!available) return null;
  return (
    <Button variant={variant} wide={wide} onPress={() => void promptInstall()} data-testid="pwa-install">
      Install {brand.product}
    </Button>
  );
}
