import { useCallback, useEffect, useRef, useState } from 'preact/hooks';
import { errorMessage } from './api.js';

export interface Loaded<T> {
  data: T | undefined;
  error: string;
  loading: boolean;
  reload: () => Promise<void>;
}

/**
 * Loads data for a component and reloads it when `deps` change. An answer that arrives after the
 * component moved on (unmounted, or deps changed) is dropped, so a slow old request never
 * overwrites a newer one.
 */
export function useLoad<T>(load: () => Promise<T>, deps: unknown[]): Loaded<T> {
  const [data, setData] = useState<T>();
  const [error, setError] = useState('');
  const [loading, setLoading] = useState(true);
  const generation = useRef(0);
  const reload = useCallback(async () => {
    const mine = ++generation.current;
    setLoading(true);
    try {
      const d = await load();
      if (mine !== generation.current) return;
      setData(d);
      setError('');
    } catch (e) {
      if (mine === generation.current) setError(errorMessage(e));
    } finally {
      if (mine === generation.current) setLoading(false);
    }
    // The caller's deps decide when `load` is a new function (it is usually an inline closure).
  }, deps);
  useEffect(() => {
    void reload();
    return () => {
      generation.current++;
    };
  }, [reload]);
  return { data, error, loading, reload };
}

/**
 * Calls `tick` every `ms` while the component is mounted. The next call is scheduled when the
 * previous one has finished, so a slow server never gets overlapping polls.
 */
export function usePoll(tick: () => Promise<unknown>, ms: number): void {
  const latest = useRef(tick);
  latest.current = tick;
  useEffect(() => {
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const loop = async () => {
      try {
        await latest.current();
      } catch {
        // The page shows its own error state; polling goes on.
      }
      if (!stopped) timer = setTimeout(() => void loop(), ms);
    };
    timer = setTimeout(() => void loop(), ms);
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [ms]);
}

/** `value`, once it has stopped changing for `ms`. */
export function useDebounced<T>(value: T, ms: number): T {
  const [v, setV] = useState(value);
  useEffect(() => {
    const t = setTimeout(() => setV(value), ms);
    return () => clearTimeout(t);
  }, [value, ms]);
  return v;
}
