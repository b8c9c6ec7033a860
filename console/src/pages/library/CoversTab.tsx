import type { CoverList } from '../../../../server/src/http/console/schemas.js';
import { call } from '../../api.js';
import { Alert } from '../../components/Alert.js';
import { RetryImg } from '../../components/RetryImg.js';
import { dateTime } from '../../format.js';
import { useLoad } from '../../hooks.js';

export function CoversTab() {
  const list = useLoad(() => call<CoverList>('GET', '/covers'), []);
  return (
    <div data-testid="library-covers">
      <Alert>{list.error}</Alert>
      {list.data?.data.length === 0 && (
        <p class="muted">
          No covers yet. <a href="#/create?tab=cover">Make one</a>.
        </p>
      )}
      <div class="grid">
        {list.data?.data.map((c) => (
          <article key={c.cover_id} class="card item" data-testid={`cover-${c.cover_id}`}>
            <a href={c.url} target="_blank" rel="noopener">
              <RetryImg class="cover-img" src={c.url} alt={`Cover ${c.cover_id}`} />
            </a>
            <div class="muted small">
              {c.width}×{c.height} {c.format} · style {c.style_id} · {dateTime(c.created_at)}
            </div>
          </article>
        ))}
      </div>
    </div>
  );
}
