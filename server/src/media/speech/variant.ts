import { createHash } from 'node:crypto';

/**
 * An eSpeak-NG voice variant ("language variant" file, docs/voices.md of eSpeak-NG): the engine's
 * own way to give a voice another pitch and other formants. eSpeak is a formant synthesiser, so a
 * variant moves F1-F3 and the pitch independently and without any signal processing artefacts.
 */
export interface VariantSpec {
  /** eSpeak's `pitch <base> <range>`: the base pitch and the top of the intonation range, Hz. */
  pitchBaseHz: number;
  pitchTopHz: number;
  /** Frequency factors of formants 1, 2 and 3 (1 = the language voice's own); 4-8 follow F3. */
  formantScale: readonly [number, number, number];
}

export interface EspeakVariant {
  /** File name under voices/!v, derived from the content (the same spec gives the same name). */
  name: string;
  text: string;
}

const pct = (k: number) => String(Math.round(k * 100));

/** The variant file for a spec. Pure. */
export function variantFile(spec: VariantSpec): EspeakVariant {
  const [k1, k2, k3] = spec.formantScale;
  const body = [
    'language variant',
    `pitch ${Math.round(spec.pitchBaseHz)} ${Math.round(spec.pitchTopHz)}`,
    `formant 1 ${pct(k1)} 100 100`,
    `formant 2 ${pct(k2)} 100 100`,
    // F4 and above follow F3: together they are the upper vocal tract resonances.
    ...[3, 4, 5, 6, 7, 8].map((n) => `formant ${n} ${pct(k3)} 100 100`),
  ];
  const name = `lk${createHash('sha1').update(body.join('\n')).digest('hex').slice(0, 10)}`;
  return { name, text: [body[0], `name ${name}`, ...body.slice(1), ''].join('\n') };
}
