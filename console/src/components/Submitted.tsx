import { Alert } from './Alert.js';

/** What a create form shows once the service has accepted the task. */
export function Submitted(props: { taskId: string; what: string }) {
  if (!props.taskId) return null;
  return (
    <Alert kind="ok" testid="submitted">
      {props.what} submitted: task <code data-testid="submitted-task-id">{props.taskId}</code>.{' '}
      <a href="#/tasks" data-testid="submitted-tasks-link">
        Follow it in Tasks
      </a>
    </Alert>
  );
}
