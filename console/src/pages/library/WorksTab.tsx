import { useState } from 'preact/hooks';
import type { TaskItem, TaskList } from '../../../../server/src/http/console/schemas.js';
import { call, errorMessage, svc } from '../../api.js';
import { Alert } from '../../components/Alert.js';
import { ConfirmButton } from '../../components/ConfirmButton.js';
import { dateTime, seconds, taskTypeName } from '../../format.js';
import { useLoad } from '../../hooks.js';

/** Work types DELETE /video/task accepts ("ordinary video creation"); the others are refused. */
const DELETABLE = new Set(['video_tts', 'video_audio', 'video_template', 'audio_tts']);

export function WorksTab() {
  const list = useLoad(() => call<TaskList>('GET', '/tasks?limit=100&family=work'), []);
  const [error, setError] = useState('');
  const works = list.data?.data.filter((t) => t.status === 3 && t.media_url) ?? [];
  const remove = async (t: TaskItem) => {
    setError('');
    try {
      await svc.videos.deleteTask(t.task_id);
      await list.reload();
    } catch (e) {
      setError(errorMessage(e));
    }
  };
  return (
    <div data-testid="library-works">
      <Alert>{error || list.error}</Alert>
      {list.data && works.length === 0 && (
        <p class="muted">
          No finished videos or audio yet. <a href="#/create">Create one</a>.
        </p>
      )}
      <div class="grid grid-wide">
        {works.map((t) => (
          <article key={t.task_id} class="card item" data-testid={`work-${t.task_id}`}>
            {t.media_kind === 'audio' ? (
              <audio controls preload="metadata" src={t.media_url!} data-testid="work-audio" />
            ) : (
              <video
                class="work-video"
                controls
                preload="metadata"
                playsInline
                src={t.media_url!}
                poster={t.poster_url ?? undefined}
                data-testid="work-video"
              />
            )}
            <h3>{t.title || 'Untitled'}</h3>
            <div class="muted small">
              {taskTypeName(t.type)} · {seconds(t.duration)} · {dateTime(t.finished_at ?? t.created_at)}
            </div>
            <div class="actions">
              <a class="btn btn-small" href={t.media_url!} download data-testid="work-download">
                Download
              </a>
              {DELETABLE.has(t.type) && (
                <ConfirmButton
                  label="Delete"
                  question="Delete this work?"
                  danger
                  small
                  testid={`delete-work-${t.task_id}`}
                  onConfirm={() => remove(t)}
                />
              )}
            </div>
          </article>
        ))}
      </div>
    </div>
  );
}
