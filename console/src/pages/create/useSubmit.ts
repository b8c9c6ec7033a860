import { useState } from 'preact/hooks';
import { errorMessage, refreshMe } from '../../api.js';

/** Submission state of a create form: busy while sending, then the task id or the service's message. */
export function useSubmit() {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const [taskId, setTaskId] = useState('');
  const submit = async (send: () => Promise<{ task_id: string }>) => {
    setBusy(true);
    setError('');
    setTaskId('');
    try {
      setTaskId((await send()).task_id);
      // The reservation changed the balance (and maybe the credit-warning banner).
      void refreshMe().catch(() => undefined);
    } catch (e) {
      setError(errorMessage(e));
    } finally {
      setBusy(false);
    }
  };
  return { busy, error, taskId, submit };
}
