import { LIVELY_TEMPLATES, type LivelyTemplate } from '../media/art/index.js';
import { COVER_STYLES, type CoverStyle } from '../media/cover/index.js';
import { PUBLIC_VOICE_PRESETS, type PublicVoicePreset } from '../media/speech/index.js';
import { catalogueAssetKey, type CatalogueAsset } from '../storage/blob-keys.js';

/**
 * A catalogue asset and what it is rendered from: by the build (cli/catalogue-ship.ts), which ships
 * it under `dist/catalogue/<key>`, or by the catalogue.render job, which keeps it in the blob store.
 */
export type CatalogueItem = { id: string; key: string } & (
  | { kind: 'template-cover' | 'template-demo'; template: LivelyTemplate }
  | { kind: 'cover-style'; style: CoverStyle }
  | { kind: 'voice-demo'; voice: PublicVoicePreset }
);

/** One asset of the catalogue, or null when `id` names no such template, style or voice. */
export function catalogueItem(kind: CatalogueAsset, id: string): CatalogueItem | null {
  const key = catalogueAssetKey(kind, id);
  switch (kind) {
    case 'template-cover':
    case 'template-demo': {
      const template = LIVELY_TEMPLATES.find((t) => t.id === id);
      return template ? { kind, id, key, template } : null;
    }
    case 'cover-style': {
      const style = COVER_STYLES.find((s) => s.id === id);
      return style ? { kind, id, key, style } : null;
    }
    case 'voice-demo': {
      const voice = PUBLIC_VOICE_PRESETS.find((p) => p.id === id);
      return voice ? { kind, id, key, voice } : null;
    }
  }
}

/** Every asset of the catalogue: each template's cover and demo, each style's preview, each public voice's demo. */
export function catalogueItems(): CatalogueItem[] {
  const ids: [CatalogueAsset, string][] = [
    ...LIVELY_TEMPLATES.flatMap((t): [CatalogueAsset, string][] => [
      ['template-cover', t.id],
      ['template-demo', t.id],
    ]),
    ...COVER_STYLES.map((s): [CatalogueAsset, string] => ['cover-style', s.id]),
    ...PUBLIC_VOICE_PRESETS.map((v): [CatalogueAsset, string] => ['voice-demo', v.id]),
  ];
  return ids.map(([kind, id]) => catalogueItem(kind, id)).filter((i) => i !== null);
}
