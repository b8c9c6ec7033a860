import { basename } from 'node:path';
import type { ProtectedVoiceprintRow } from '../db/schema.js';
import { ERRORS } from '../errors/app-error.js';
import { iso, type Clock } from '../lib/clock.js';
import { newId } from '../lib/ids.js';
import {
  PROTECTED_VOICE_DISTANCE,
  voiceprintDistance,
  voiceprintOf,
  type SpeechEngine,
  type VoiceProfile,
  type Voiceprint,
} from '../media/speech/index.js';
import type { ProtectedVoiceprintRepository } from '../repositories/protected-voiceprint.repository.js';

export interface ProtectedVoice {
  id: string;
  name: string;
  source: string | null;
  created_at: string;
  voiceprint: Voiceprint;
}

export interface VoiceMatch {
  id: string;
  name: string;
  distance: number;
}

const toProtected = (r: ProtectedVoiceprintRow): ProtectedVoice => ({
  id: r.id,
  name: r.name,
  source: r.source,
  created_at: r.created_at,
  voiceprint: JSON.parse(r.voiceprint) as Voiceprint,
});

/**
 * Voices the operator does not allow to be cloned (code 1011): registered from a recording of the
 * speaker, compared with every voice sample before a clone is made.
 */
export class ProtectedVoiceService {
  constructor(
    private readonly voiceprints: ProtectedVoiceprintRepository,
    private readonly speech: Pick<SpeechEngine, 'analyseSample'>,
    private readonly clock: Clock,
  ) {}

  /** Measures a recording of the speaker and protects its voiceprint. Unusable recordings throw SpeechInputError. */
  async register(
    name: string,
    samplePath: string,
    opts: { signal?: AbortSignal } = {},
  ): Promise<ProtectedVoice> {
    const label = name.trim();
    if (!label) throw ERRORS.invalid('a protected voice needs a name');
    const profile = await this.speech.analyseSample(samplePath, opts);
    const voiceprint = voiceprintOf(profile);
    if (!voiceprint)
      throw ERRORS.audio('the recording has too little voiced speech to measure its formants and spectrum');
    const row: ProtectedVoiceprintRow = {
      id: newId('vp'),
      name: label,
      voiceprint: JSON.stringify(voiceprint),
      source: basename(samplePath),
      created_at: iso(this.clock.now()),
    };
    await this.voiceprints.create(row);
    return toProtected(row);
  }

  async list(): Promise<ProtectedVoice[]> {
    return (await this.voiceprints.getAll()).map(toProtected);
  }

  async remove(id: string): Promise<boolean> {
    return this.voiceprints.delete(id);
  }

  /** The protected voice nearest to a profile, with its distance (null when none is registered or comparable). */
  async nearest(profile: VoiceProfile): Promise<VoiceMatch | null> {
    const print = voiceprintOf(profile);
    if (!print) return null;
    let best: VoiceMatch | null = null;
    for (const p of await this.list()) {
      const { distance } = voiceprintDistance(print, p.voiceprint);
      if (!best || distance < best.distance) best = { id: p.id, name: p.name, distance };
    }
    return best;
  }

  /**
   * Compares a voice sample's profile with the protected voices: `refused` when it is too close to
   * one (the caller answers 1011). A profile without formants (too little voiced speech) cannot be
   * compared and passes; the sample checks before this one refuse samples with too little speech.
   */
  async check(profile: VoiceProfile): Promise<{ refused: boolean; nearest: VoiceMatch | null }> {
    const nearest = await this.nearest(profile);
    return { refused: nearest !== null && nearest.distance < PROTECTED_VOICE_DISTANCE, nearest };
  }

  /**
   * Refuses to clone a voice the operator protects: 1011, before anything of the sample is kept.
   * The client is not told which voice it matched; the log is (the error's cause).
   */
  async refuseIfProtected(profile: VoiceProfile): Promise<void> {
    const { refused, nearest } = await this.check(profile);
    if (!refused || !nearest) return;
    const match = new Error(
      `the sample matches protected voice '${nearest.name}' (${nearest.id}) at distance ${nearest.distance.toFixed(2)}`,
    );
    throw ERRORS.voiceProtected({ cause: match });
  }
}
