import type { CallOptions } from '../../client.js';
import { TestPrefer, type CallbackFault } from '../../test-mode.js';
import { str, UsageError, type Args, type OptionSpec } from '../command.js';

/** Options of every command that starts a task. */
export const waitOptions: Record<string, OptionSpec> = {
  wait: { type: 'boolean', description: 'wait for the task to finish, with a progress bar' },
};

/** Options of every command that starts a work (a video or an audio file). */
export const workOptions: Record<string, OptionSpec> = {
  ...waitOptions,
  output: { type: 'string', short: 'o', description: 'wait, then download the result to this file' },
  title: { type: 'string', description: 'title of the work (at most 20 characters)' },
  'test-outcome': {
    type: 'string',
    description:
      'test tokens only: how the work ends, comma-separated: fail:CODE, refuse:CODE, wait, slow:SECONDS, callback:duplicate|late|bad-signature|out-of-order|drop',
  },
};

const FAULTS: readonly CallbackFault[] = ['duplicate', 'late', 'bad-signature', 'out-of-order', 'drop'];

/** --test-outcome as the call's `Prefer` preferences (README, "Test mode"); undefined without it. */
export function testOutcomeOptions(args: Args): CallOptions | undefined {
  const given = str(args, 'test-outcome');
  if (given === undefined) return undefined;
  const prefer = given.split(',').map((part) => {
    const [what = '', value = ''] = part.trim().split(':');
    const n = Number(value);
    if ((what === 'fail' || what === 'refuse') && /^\d+$/.test(value)) return TestPrefer[what](n);
    if (what === 'wait' && value === '') return TestPrefer.wait;
    if (what === 'slow' && /^\d+$/.test(value)) return TestPrefer.delay(n);
    if (what === 'callback' && (FAULTS as readonly string[]).includes(value))
      return TestPrefer.callback(value as CallbackFault);
    throw new UsageError(
      `--test-outcome: '${part.trim()}' is not one of fail:CODE, refuse:CODE, wait, slow:SECONDS, callback:${FAULTS.join('|')}`,
    );
  });
  return { prefer };
}

export const pageOptions: Record<string, OptionSpec> = {
  page: { type: 'string', description: 'page number (default 1)' },
  size: { type: 'string', description: 'items per page' },
};

export const KIND_NAMES: Record<number, string> = { 1: 'own', 2: 'public' };
