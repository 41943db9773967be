/**
 * False while rendering on the server and hydrating, true afterwards (and in a component mounted
 * later): for what only a browser with JavaScript needs, which need not be in the server's HTML.
 */
import { useSyncExternalStore } from 'react';

const noSubscription = () => () => undefined;

export const useHydrated = (): boolean =>
  useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
