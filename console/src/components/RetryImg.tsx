import { useEffect, useState } from 'preact/hooks';

const MAX_TRIES = 6;

/**
 * An image that tries again when it fails. Catalogue pictures (template covers, cover-style
 * previews) answer 503 + Retry-After while a fresh install still renders them, so a first failure
 * is expected; after a few tries a placeholder stays.
 */
export function RetryImg(props: {
  src: string;
  alt: string;
  class?: string;
  testid?: string;
  style?: Record<string, string>;
}) {
  const [attempt, setAttempt] = useState(0);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    setAttempt(0);
    setFailed(false);
  }, [props.src]);
  const onError = () => {
    if (attempt + 1 >= MAX_TRIES) return setFailed(true);
    // The server asks for 5 s; the first tries come sooner, in case the picture was nearly done.
    setTimeout(() => setAttempt((a) => a + 1), Math.min(2000 * 2 ** attempt, 10_000));
  };
  if (failed) {
    return (
      <div
        class={`img-placeholder ${props.class ?? ''}`}
        data-testid={props.testid}
        role="img"
        aria-label={props.alt}
      >
        no preview yet
      </div>
    );
  }
  return (
    <img
      key={attempt}
      src={withAttempt(props.src, attempt)}
      alt={props.alt}
      class={props.class}
      style={props.style}
      loading="lazy"
      data-testid={props.testid}
      onError={onError}
    />
  );
}

/**
 * A retried catalogue URL gets a harmless query parameter so no cache hands back the failure.
 * Signed URLs are left alone: a changed query would break their signature.
 */
function withAttempt(src: string, attempt: number): string {
  if (attempt === 0 || !src.includes('/catalogue/')) return src;
  return `${src}${src.includes('?') ? '&' : '?'}try=${attempt}`;
}
