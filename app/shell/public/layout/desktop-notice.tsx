import { brand } from '../../../../schema/brand';
import { boolean } from '../../../routes/search-params';
import { localSetting } from '../../../kit/local-setting';
import { usePhone } from '../../../kit/use-phone';
import * as s from './layout.css';

const dismissed = localSetting('desktop-notice-dismissed', boolean(), false);

/** Spec §1: mobile visitors are told the product is best viewed on desktop; dismissal is remembered. */
export function DesktopNotice() {
  const phone = usePhone();
  const hidden = dismissed.use();
  if (!phone || hidden) return null;
  return (
    <div className={s.notice} role="note" aria-label="Best viewed on desktop">
      <span>{brand.product} is best viewed on a desktop or laptop. Everything works on your phone too.</span>
      <button type="button" className={s.noticeClose} aria-label="Dismiss notice" onClick={() => dismissed.set(true)}>
        ×
      </button>
    </div>
  );
}
