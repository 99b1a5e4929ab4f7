import { useEffect, useState } from 'react';

/**
 * A module kept out of the install, for a component that has a plain stand-in meanwhile: the
 * returned hook gives the module once it is loaded (at once, when an earlier render loaded it) and
 * null until then. Loading starts when the first component asks. A failed load (no signal, the code
 * not on the device yet) leaves the stand-in for the rest of the visit: the build's loader remembers
 * a style sheet that failed, so only the next page load fetches the module again.
 */
export function lazyModule<M>(load: () => Promise<M>): () => M | null {
  let loaded: M | null = null;
  let pending: Promise<M> | null = null;
  const get = () => (pending ??= load().then((m) => (loaded = m)));
  return function useLazyModule() {
    const [module, setModule] = useState<M | null>(loaded);
    useEffect(() => {
      if (module) return;
      let live = true;
      get().then(
        (m) => {
          if (live) setModule(() => m);
        },
        () => undefined,
      );
      return () => {
        live = false;
      };
    }, [module]);
    return module;
  };
}
