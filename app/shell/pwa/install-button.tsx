import { brand } from '../../../schema/brand';
import { PlainButton, type PlainButtonProps } from '../../ui/plain-button';
import { promptInstall, useInstallStore } from './install-store';

/**
 * "Install Vuka", shown only while the browser offers installation (Chromium's
 * `beforeinstallprompt`); renders nothing elsewhere and once installed.
 */
export function InstallButton({ variant = 'secondary', wide }: Pick<PlainButtonProps, 'variant' | 'wide'>) {
  const available = useInstallStore((s) => s.deferred !== null);
  if (!available) return null;
  return (
    <PlainButton variant={variant} wide={wide} onClick={() => void promptInstall()} data-testid="pwa-install">
      Install {brand.product}
    </PlainButton>
  );
}
