import { useEffect, useRef, useState } from 'react';
import { Button } from '../../ui/button';
import { Card } from '../../ui/card';
import { Notice } from '../../ui/feedback';
import * as w from '../../ui/page.css';
import { cameraMessages as m } from './camera-messages';
import { scanWithCamera } from './camera-scan';
import * as s from './events.css';

type CameraState = 'off' | 'starting' | 'scanning';

/**
 * The back camera reading a ticket's QR code: with the browser's own reader where it has one, else
 * with ZXing's WebAssembly build, loaded when first pressed. Each press reads one ticket; the camera
 * turns off once it has, so the verdict has the screen.
 */
export function DoorCamera({ onCode }: { onCode: (code: string) => void }) {
  const [state, setState] = useState<CameraState>('off');
  const [problem, setProblem] = useState<string | null>(null);
  const video = useRef<HTMLVideoElement | null>(null);
  const handOn = useRef(onCode);
  useEffect(() => {
    handOn.current = onCode;
  }, [onCode]);
  const on = state !== 'off';
  useEffect(() => {
    if (!on || !video.current) return;
    return scanWithCamera(video.current, {
      onScanning: () => setState('scanning'),
      onCode: (code) => {
        setState('off');
        handOn.current(code);
      },
      onProblem: (message) => {
        setState('off');
        setProblem(message);
      },
    });
  }, [on]);

  function press() {
    if (on) {
      setState('off');
      return;
    }
    setProblem(null);
    setState('starting');
  }

  return (
    <Card>
      <div className={w.stack}>
        {problem ? (
          <Notice tone="warning">
            <p className={w.muted}>{problem}</p>
          </Notice>
        ) : null}
        {on ? <video ref={video} className={s.video} muted playsInline aria-label="Camera" /> : null}
        {state === 'starting' ? <p className={w.muted}>{m.starting}</p> : null}
        {state === 'scanning' ? <p className={w.muted}>{m.aim}</p> : null}
        <Button variant="secondary" onPress={press}>
          {on ? m.stop : problem ? m.retry : m.scan}
        </Button>
      </div>
    </Card>
  );
}
