import { useState } from 'preact/hooks';
import type { CoverCreateParams, CoverReply } from '../../../../sdk/src/index.js';
import { errorMessage, svc } from '../../api.js';
import { Alert } from '../../components/Alert.js';
import { usableAvatars } from '../../components/AvatarPicker.js';
import { RetryImg } from '../../components/RetryImg.js';
import { useLoad } from '../../hooks.js';
import { me } from '../../session.js';
import { TEXT_MAX } from './fields.js';

/** Covers render at once: the reply carries the picture, so there is no task to follow. */
export function CreateCover() {
  const agent = me.value?.agent_platform ?? false;
  const [svcId, setSvcId] = useState('');
  const [style, setStyle] = useState('');
  const [content, setContent] = useState('');
  const [avatar, setAvatar] = useState('');
  const [canvas, setCanvas] = useState<'9:16' | '3:4'>('9:16');
  const [format, setFormat] = useState<'jpg' | 'png'>('jpg');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const [made, setMade] = useState<CoverReply | null>(null);
  // An agent-platform account can list styles only on behalf of one of its users.
  const styles = useLoad(
    () =>
      agent && !svcId.trim()
        ? Promise.resolve(undefined)
        : svc.covers.styles({ size: 200, svc_id: svcId.trim() || undefined }),
    [agent, svcId],
  );
  const avatars = useLoad(usableAvatars, []);

  const onSubmit = async (e: Event) => {
    e.preventDefault();
    setBusy(true);
    setError('');
    setMade(null);
    const body: CoverCreateParams = {
      template: style,
      content,
      canvas_preset: canvas,
      output_format: format,
      avatar: avatar || undefined,
      svc_id: svcId.trim() || undefined,
    };
    try {
      setMade(await svc.covers.create(body));
    } catch (err) {
      setError(errorMessage(err));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form class="card form" onSubmit={(e) => void onSubmit(e)} data-testid="form-cover">
      {agent && (
        <div class="field">
          <label for="svc-id">svc_id (your platform's user)</label>
          <input
            id="svc-id"
            required
            value={svcId}
            data-testid="cover-svc-id"
            onInput={(e) => setSvcId(e.currentTarget.value)}
          />
          <p class="hint">
            This account's tokens are issued for an agent platform: covers need the user's svc_id.
          </p>
        </div>
      )}
      <fieldset class="picker">
        <legend>Style</legend>
        <Alert>{styles.error}</Alert>
        <div class="picker-grid" data-testid="style-picker">
          {styles.data?.data.map((st) => (
            <label key={st.id} class={st.id === style ? 'pick selected' : 'pick'}>
              <input
                type="radio"
                name="style"
                checked={st.id === style}
                data-testid={`pick-style-${st.id}`}
                onChange={() => setStyle(st.id)}
              />
              <RetryImg class="thumb" src={st.url} alt={st.title} />
              <span class="pick-title">{st.title}</span>
            </label>
          ))}
        </div>
      </fieldset>
      <div class="field">
        <label for="content">Content</label>
        <textarea
          id="content"
          rows={4}
          maxLength={TEXT_MAX}
          required
          value={content}
          data-testid="cover-content"
          onInput={(e) => setContent(e.currentTarget.value)}
        />
        <p class="hint">The headline and text of the cover; the style's text areas are filled from it.</p>
      </div>
      <div class="field-row">
        <label>
          Avatar (optional)
          <select
            value={avatar}
            onChange={(e) => setAvatar(e.currentTarget.value)}
            data-testid="cover-avatar"
          >
            <option value="">The style's own figure</option>
            {avatars.data?.map((a) => (
              <option key={a.avatar} value={a.avatar}>
                {a.title}
              </option>
            ))}
          </select>
        </label>
        <label>
          Canvas
          <select value={canvas} onChange={(e) => setCanvas(e.currentTarget.value as '9:16' | '3:4')}>
            <option value="9:16">9:16</option>
            <option value="3:4">3:4</option>
          </select>
        </label>
        <label>
          Format
          <select value={format} onChange={(e) => setFormat(e.currentTarget.value as 'jpg' | 'png')}>
            <option value="jpg">JPG</option>
            <option value="png">PNG</option>
          </select>
        </label>
      </div>
      <Alert testid="create-error">{error}</Alert>
      {made && (
        <div class="made-cover" data-testid="cover-made">
          <RetryImg class="cover-img" src={made.url} alt="The new cover" />
          <p class="muted small">
            Cover <code>{made.cover_id}</code>. It is also in the <a href="#/library?tab=covers">library</a>.
          </p>
        </div>
      )}
      <button
        type="submit"
        class="btn btn-primary"
        disabled={busy || !style || !content.trim()}
        data-testid="create-submit"
      >
        {busy ? 'Drawing…' : 'Make cover'}
      </button>
    </form>
  );
}
