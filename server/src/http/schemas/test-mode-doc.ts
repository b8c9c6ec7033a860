import {
  CALLBACK_FAULTS,
  CLONE_REFUSE_CODES,
  FAIL_CODES_OF,
  MAX_DELAY_SEC,
  REFUSE_CODES,
} from '../../services/test-outcomes.js';

/**
 * The API reference's section on test mode (README, "Test mode"), from the same tables the service
 * follows, so the reference cannot drift from what a test token gets.
 */
export const TEST_MODE_DOC = [
  '## Test mode',
  '',
  'A test token (`lk_test_…`, from `likeness accounts test-token` or the console) has a test balance and test data of its own, and its videos are drafts (360 px, 8 fps, mono sound, the head still, the voice unpolished, marked TEST). With it, these values make a work (`video/create_*`, `video/translate`, `audio/create_by_tts`) end as named, and the `Prefer` header does the same for `avatar/create_by_video`, `avatar/create_by_image` and `voice/create` (but for waiting); with a live token they are refused with 11.',
  '',
  '| avatar or voice id | `Prefer` header | what happens |',
  '| --- | --- | --- |',
  `| \`test_fail_<code>\` | \`likeness-outcome=fail; code=<code>\` | accepted; the task fails with the code (works ${FAIL_CODES_OF.work.join(', ')}; avatars ${FAIL_CODES_OF.avatar.join(', ')}; voices ${FAIL_CODES_OF.voice.join(', ')}) |`,
  `| \`test_refuse_<code>\` | \`likeness-outcome=refuse; code=<code>\` | the submission is answered with the code (${REFUSE_CODES.join(', ')}) |`,
  '| `test_wait` | `likeness-outcome=wait` | accepted; the task waits (status 1) until deleted |',
  `| \`test_slow_<N>s\` | \`likeness-delay=<N>s\` | the task takes N seconds (1-${MAX_DELAY_SEC}) with progress, then renders (or fails) |`,
  `| | \`likeness-callback=${CALLBACK_FAULTS.join('\\|')}\` | the completion callback misbehaves as named |`,
  '',
  `The clone API's \`avatar/by_image\` takes the same preferences with its own codes: refused with ${CLONE_REFUSE_CODES.join(', ')}.`,
].join('\n');
