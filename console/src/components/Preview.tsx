import { RetryImg } from './RetryImg.js';

/** Where a picture is cropped around (fractions of its width and height, 0.5 = the middle). */
export interface Focus {
  x: number;
  y: number;
}

/**
 * The point of an avatar's picture its thumbnail keeps in view: the face that speaks (from the face
 * report), so a group photo's thumbnail shows the person who will talk, not the middle of the picture.
 */
export function avatarFocus(a: {
  width: number | null;
  height: number | null;
  face: Record<string, unknown> | null;
}): Focus | undefined {
  const s = a.face?.speaker as { x: number; y: number; width: number; height: number } | undefined;
  if (!s || !a.width || !a.height) return undefined;
  return { x: (s.x + s.width / 2) / a.width, y: (s.y + s.height / 2) / a.height };
}

/** An avatar's picture or a muted clip (metadata only, so a grid of them stays light). */
export function Preview(props: {
  url: string | null;
  kind: string | null;
  alt: string;
  poster?: string | null;
  testid?: string;
  focus?: Focus;
}) {
  if (!props.url) return <div class="img-placeholder thumb">no preview</div>;
  const pct = (v: number) => `${Math.round(Math.min(1, Math.max(0, v)) * 100)}%`;
  const style = props.focus ? { objectPosition: `${pct(props.focus.x)} ${pct(props.focus.y)}` } : undefined;
  if (props.kind === 'video') {
    return (
      <video
        class="thumb"
        style={style}
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
  return <RetryImg class="thumb" style={style} src={props.url} alt={props.alt} testid={props.testid} />;
}
