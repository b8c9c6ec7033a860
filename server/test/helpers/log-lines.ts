import { Writable } from 'node:stream';
import pino from 'pino';

/** A pino logger at `level` whose JSON lines are parsed into `lines`, for tests of what is logged. */
export function recordingLogger(level: string) {
  const lines: Record<string, unknown>[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _enc, done) {
      for (const l of chunk.toString('utf8').split('\n').filter(Boolean)) lines.push(JSON.parse(l));
      done();
    },
  });
  return { logger: pino({ level }, sink), lines };
}
