import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { ProtectedVoiceprintRow } from '../db/schema.js';
import { AppError } from '../errors/app-error.js';
import { SvcCode } from '../errors/codes.js';
import { systemClock } from '../lib/clock.js';
import { voiceprintOf, type SpeechEngine, type VoiceProfile } from '../media/speech/index.js';
import type { ProtectedVoiceprintRepository } from '../repositories/protected-voiceprint.repository.js';
import { strictFake } from '../../test/helpers/strict-fake.js';
import { ProtectedVoiceService } from './protected-voice.service.js';

const voice = (pitch: number, f2: number): VoiceProfile => ({
  medianPitchHz: pitch,
  pitchP10Hz: pitch * 0.8,
  pitchP90Hz: pitch * 1.2,
  syllablesPerSec: 4,
  loudnessLufs: -20,
  speechRatio: 0.8,
  f1Hz: 500,
  f2Hz: f2,
  f3Hz: 2600,
  tiltDbPerOct: -6,
  bandDb: [3, 2, 1, 0, -1, -2, -3],
});

const famous = voice(210, 1600);

function service() {
  const voiceprints = strictFake<ProtectedVoiceprintRepository>('voiceprints', {
    getAll: async () => [
      {
        id: 'vp_1',
        name: 'A Famous Speaker',
        voiceprint: JSON.stringify(voiceprintOf(famous)),
        source: 'famous.wav',
        created_at: '2026-01-01T00:00:00.000Z',
      } satisfies ProtectedVoiceprintRow,
    ],
  });
  return new ProtectedVoiceService(voiceprints, strictFake<SpeechEngine>('speech', {}), systemClock);
}

test('a sample of a protected voice is refused with 1011; the log learns which voice it matched', async () => {
  const err = await service()
    .refuseIfProtected(voice(212, 1610))
    .then(
      () => null,
      (e: unknown) => e,
    );
  assert.ok(err instanceof AppError);
  assert.equal(err.code, SvcCode.VoiceProtected);
  assert.doesNotMatch(err.message, /Famous/, 'the client is not told whose voice it is');
  assert.match(String((err.cause as Error).message), /'A Famous Speaker' \(vp_1\)/);
});

test('another voice, or a profile without formants to compare, is cloned', async () => {
  await service().refuseIfProtected(voice(120, 1100));
  await service().refuseIfProtected({ ...famous, f1Hz: undefined, f2Hz: undefined, f3Hz: undefined });
});
