import { useEffect, useState } from 'react';

/**
 * A module kept out of the install, for a component that has a plain stand-in meanwhile: the
 * returned hook gives the module once it is loaded (at once, when an earlier render loaded it) and
 * null until then. Loading starts when the first component asks. A load that fails (no signal, the
 * code not on the device yet) is tried again by the next component that asks, and when the device
 * comes back online.
 */
export function lazyModule<M>(load: () => Promise<M>): () => M | null {
  let loaded: M | null = null;
  let pending: Promise<M> | null = null;
  const get = () =>
    (pending ??= load().then(
      (m) => (loaded = m),
      (err: unknown) => {
        pending = null;
        throw err;
      },
    ));
  return function useLazyModule() {
    const [module, setModule] = useState<M | null>(loaded);
    useEffect(() => {
      if (module) return;
      let live = true;
      const attempt = () =>
        void get().then(
          (m) => {
            if (live) setModule(() => m);
          },
          () => undefined,
        );
      attempt();
      window.addEventListener('online', attempt);
      return () => {
        live = false;
        window.removeEventListener('online', attempt);
      };
    }, [module]);
    return module;
  };
}
