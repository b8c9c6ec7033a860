import type { Prices } from '../config.js';
import type { TaskRow } from '../db/schema.js';
import { costForSeconds, estimateSpeechSeconds, perMinuteFor, type WorkType } from './pricing.js';
import type { TaskService } from './task.service.js';

/** What a finished render hands over: its output file and the output's length. */
export interface RenderedWork {
  blobKey: string;
  durationSec: number;
  /** A still of a video work (absent for audio, or when it could not be taken). */
  posterKey?: string;
}

/**
 * What a work costs and when it is charged. A submission reserves an estimate (from the text, or a
 * minute for audio inputs); once the render knows the sound's length the reservation is raised to
 * the real cost (1002 when the balance is short); completion charges the output's duration and
 * releases the rest of the reservation.
 */
export class WorkBillingService {
  constructor(
    private readonly prices: Prices,
    private readonly tasks: Pick<TaskService, 'ensureReserved' | 'complete'>,
  ) {}

  /** Credits for `seconds` of output of this type (billed per second, rounded up). */
  costFor(type: WorkType, seconds: number): number {
    return costForSeconds(perMinuteFor(type, this.prices), seconds);
  }

  /** The reservation of a work spoken from text: its estimated speaking time. */
  reserveForText(type: WorkType, text: string): number {
    return this.costFor(type, estimateSpeechSeconds(text));
  }

  /** Audio inputs are reserved for one minute up front; the render raises it once the audio is measured. */
  reserveForMinute(type: WorkType): number {
    return this.costFor(type, 60);
  }

  /** Raises the task's reservation to the cost of a sound this long (1002 when the balance is short). */
  async reserveForSound(task: TaskRow, soundSec: number): Promise<void> {
    await this.tasks.ensureReserved(task, this.costFor(task.type as WorkType, soundSec));
  }

  /** Completes the task with its output, charged by the output's duration. */
  async complete(task: TaskRow, out: RenderedWork): Promise<boolean> {
    return this.tasks.complete(
      task.id,
      {
        blobKey: out.blobKey,
        durationSec: out.durationSec,
        ...(out.posterKey ? { posterKey: out.posterKey } : {}),
      },
      this.costFor(task.type as WorkType, out.durationSec),
    );
  }
}
