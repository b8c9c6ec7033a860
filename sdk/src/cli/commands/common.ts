import type { OptionSpec } from '../command.js';

/** Options of every command that starts a task. */
export const waitOptions: Record<string, OptionSpec> = {
  wait: { type: 'boolean', description: 'wait for the task to finish, with a progress bar' },
};

/** Options of every command that starts a work (a video or an audio file). */
export const workOptions: Record<string, OptionSpec> = {
  ...waitOptions,
  output: { type: 'string', short: 'o', description: 'wait, then download the result to this file' },
  title: { type: 'string', description: 'title of the work (at most 20 characters)' },
};

export const pageOptions: Record<string, OptionSpec> = {
  page: { type: 'string', description: 'page number (default 1)' },
  size: { type: 'string', description: 'items per page' },
};

export const KIND_NAMES: Record<number, string> = { 1: 'own', 2: 'public' };
