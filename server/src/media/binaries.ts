import { accessSync, chmodSync, constants, statSync } from 'node:fs';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

export interface MediaBinaries {
  ffmpeg: string;
  ffprobe: string;
}

/**
 * Locates ffmpeg and ffprobe. The npm packages ship static builds; FFMPEG_PATH / FFPROBE_PATH
 * (passed in through config) override them. The ffprobe package's file is only owner-executable
 * after its postinstall, and not executable at all when install scripts were skipped, so we make it
 * executable ourselves.
 */
export function resolveMediaBinaries(overrides: Partial<MediaBinaries> = {}): MediaBinaries {
  const ffmpeg = overrides.ffmpeg ?? (require('@ffmpeg-installer/ffmpeg') as { path: string }).path;
  const ffprobe = overrides.ffprobe ?? (require('@ffprobe-installer/ffprobe') as { path: string }).path;
  for (const bin of [ffmpeg, ffprobe]) ensureExecutable(bin);
  return { ffmpeg, ffprobe };
}

function ensureExecutable(file: string): void {
  try {
    accessSync(file, constants.X_OK);
  } catch {
    try {
      const mode = statSync(file).mode;
      chmodSync(file, mode | 0o755);
    } catch {
      // Reported by `likeness doctor`; the first spawn fails with a clear EACCES/ENOENT.
    }
  }
}
