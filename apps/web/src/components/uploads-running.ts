import { createContext, useCallback, useContext, useEffect, useState } from "react";

/**
 * The uploads running inside a form (ContractForm provides it): an upload control counts itself in while its file is
 * being sent, so the form's submit waits for it. Out of a form nothing counts.
 */
const UploadsRunning = createContext<(() => () => void) | null>(null);

export const UploadsRunningScope = UploadsRunning.Provider;

/** A form's count of its running uploads, and `start` for its `UploadsRunningScope` (counts one in, answers the count out). */
export function useUploadsRunning() {
  const [count, setCount] = useState(0);
  const start = useCallback(() => {
    setCount((c) => c + 1);
    return () => setCount((c) => c - 1);
  }, []);
  return { count, start };
}

/** An upload control: counted as running in its form while `running`. */
export function useCountUpload(running: boolean) {
  const start = useContext(UploadsRunning);
  useEffect(() => (running && start ? start() : undefined), [running, start]);
}
