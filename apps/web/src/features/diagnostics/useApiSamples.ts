import { useCallback, useEffect, useRef, useState } from 'react';
import { API_SAMPLES } from './apiCheck';
import { type ApiSample, sampleApi } from './diagnosticsApi';

/** Runs the timed API calls on mount and on `run()`; `samples` is null while a run is under way. */
export function useApiSamples(): { samples: ApiSample[] | null; run: () => void } {
  const [samples, setSamples] = useState<ApiSample[] | null>(null);
  // Only the latest run may publish: "Run again" pressed mid-run must not show the older figures.
  const latest = useRef(0);

  const run = useCallback(() => {
    latest.current += 1;
    const mine = latest.current;
    setSamples(null);
    void sampleApi(API_SAMPLES).then((result) => {
      if (mine === latest.current) setSamples(result);
    });
  }, []);

  useEffect(() => {
    run();
    // Unmounting makes any run in flight stale.
    return () => {
      latest.current += 1;
    };
  }, [run]);

  return { samples, run };
}
