import { useEffect, useRef, useState } from 'react';

/** SPEC §9: the loading bar fills 1% every 30 ms. */
export const LOADING_STEP_MS = 30;
export const LOADING_STEP_PERCENT = 1;

/**
 * Drives the loading bar from 0 to 100 and calls `onComplete` once when it gets there. The bar
 * is a minimum display time as much as a progress indicator: the gate waits for it so the site
 * does not flash between screens on fast connections.
 */
export function useLoadingProgress(onComplete?: () => void): number {
  const [progress, setProgress] = useState(0);
  // The latest callback, without restarting the timer when the parent re-renders with a new one.
  const onCompleteRef = useRef(onComplete);
  useEffect(() => {
    onCompleteRef.current = onComplete;
  });
  const completedRef = useRef(false);

  useEffect(() => {
    const timer = setInterval(() => {
      setProgress((value) => Math.min(100, value + LOADING_STEP_PERCENT));
    }, LOADING_STEP_MS);
    return () => clearInterval(timer);
  }, []);

  useEffect(() => {
    if (progress >= 100 && !completedRef.current) {
      completedRef.current = true;
      onCompleteRef.current?.();
    }
  }, [progress]);

  return progress;
}
