import { RetryImg } from './RetryImg.js';

/** An avatar's picture or a muted clip (metadata only, so a grid of them stays light). */
export function Preview(props: {
  url: string | null;
  kind: string | null;
  alt: string;
  poster?: string | null;
  testid?: string;
}) {
  if (!props.url) return <div class="img-placeholder thumb">no preview</div>;
  if (props.kind === 'video') {
    return (
      <video
        class="thumb"
        src={props.url}
        poster={props.poster ?? undefined}
        muted
        playsInline
        preload="metadata"
        data-testid={props.testid}
        onMouseEnter={(e) => void e.currentTarget.play().catch(() => undefined)}
        onMouseLeave={(e) => e.currentTarget.pause()}
      />
    );
  }
  return <RetryImg class="thumb" src={props.url} alt={props.alt} testid={props.testid} />;
}
