import { useState } from 'preact/hooks';
import type { TaskItem, TaskList } from '../../../server/src/http/console/schemas.js';
import { call } from '../api.js';
import { Alert } from '../components/Alert.js';
import { credits, dateTime, seconds, TASK_STATUS, taskTypeName } from '../format.js';
import { useLoad, usePoll } from '../hooks.js';

/** The families GET /console/api/tasks filters by (covers render at once: they are no task). */
const FAMILIES = [
  { id: '', label: 'All' },
  { id: 'work', label: 'Videos and audio' },
  { id: 'avatar', label: 'Avatars' },
  { id: 'voice', label: 'Voices' },
];

export function Tasks() {
  const [family, setFamily] = useState('');
  const tasks = useLoad(
    () => call<TaskList>('GET', `/tasks?limit=100${family ? `&family=${family}` : ''}`),
    [family],
  );
  usePoll(tasks.reload, 2000);
  return (
    <section data-testid="page-tasks">
      <div class="page-head">
        <h1>Tasks</h1>
        <label class="inline-field">
          Show{' '}
          <select value={family} data-testid="task-family" onChange={(e) => setFamily(e.currentTarget.value)}>
            {FAMILIES.map((f) => (
              <option key={f.id} value={f.id}>
                {f.label}
              </option>
            ))}
          </select>
        </label>
      </div>
      <Alert>{tasks.error}</Alert>
      {tasks.data && tasks.data.data.length === 0 && (
        <p class="muted">
          No tasks yet. <a href="#/create">Create something</a>.
        </p>
      )}
      <ul class="task-list" data-testid="task-list">
        {tasks.data?.data.map((t) => (
          <TaskRow key={t.task_id} t={t} />
        ))}
      </ul>
    </section>
  );
}

function TaskRow(props: { t: TaskItem }) {
  const t = props.t;
  const status = TASK_STATUS[t.status] ?? String(t.status);
  return (
    <li class="card task" data-testid={`task-${t.task_id}`} data-status={t.status}>
      <div class="task-main">
        <div class="task-title">
          <strong>{t.title || taskTypeName(t.type)}</strong>{' '}
          <span class="muted small" data-testid="task-type">
            {taskTypeName(t.type)}
          </span>
        </div>
        <code class="small muted">{t.task_id}</code>
        <div class="muted small">
          {dateTime(t.created_at)}
          {t.credits > 0 && ` · ${credits(t.credits)}`}
          {t.duration !== null && ` · ${seconds(t.duration)}`}
        </div>
      </div>
      <div class="task-status">
        <span class={`state state-${status}`} data-testid="task-status">
          {status}
        </span>
        {(t.status === 1 || t.status === 2) && (
          <progress max={100} value={t.status === 2 ? t.progress : undefined} aria-label={`${t.progress}%`} />
        )}
        {t.status === 4 && (
          <div class="error-text small" data-testid="task-error">
            {t.code !== null && `code ${t.code}: `}
            {t.message}
          </div>
        )}
        {t.status === 3 && <TaskResult t={t} />}
      </div>
    </li>
  );
}

function TaskResult(props: { t: TaskItem }) {
  const t = props.t;
  if (t.media_url) {
    return (
      <div class="task-links">
        <a href={t.media_url} target="_blank" rel="noopener" data-testid="task-open">
          Open {t.media_kind ?? 'file'}
        </a>
        <a href="#/library?tab=works" data-testid="task-library">
          In library
        </a>
      </div>
    );
  }
  if (t.avatar) return <a href="#/library?tab=avatars">Avatar {t.avatar}</a>;
  if (t.voice) return <a href="#/library?tab=voices">Voice {t.voice}</a>;
  if (t.family === 'cover') return <a href="#/library?tab=covers">Covers</a>;
  return null;
}
