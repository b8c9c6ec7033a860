import { fileURLToPath } from 'node:url';

/**
 * Real footage committed for the tests (test/fixtures/footage/, sources and licences in its
 * SOURCES.md): photos, talking clips and recorded speech from public repositories.
 */
export function footage(kind: 'photos' | 'videos' | 'speech', name: string): string {
  return fileURLToPath(new URL(`../fixtures/footage/${kind}/${name}`, import.meta.url));
}

export const FOOTAGE = {
  /** One person, glasses, smiling with teeth, half-body, 1024x769. */
  smilingPhoto: footage('photos', 'halfbody-woman-glasses-smiling-teeth-1024x769.jpg'),
  /** Head rolled ~27°, lips closed, 446x446. */
  rolledPhoto: footage('photos', 'woman-head-tilted-446x446.jpg'),
  /** About eight people, faces 30-45 px, 500x375. */
  groupPhoto: footage('photos', 'group-elderly-family-lowres-500x375.jpg'),
  /** A young man talking outdoors with his own head motion, 480x480, 7 s. */
  talkingClip: footage('videos', 'square-young-man-outdoors-talking-480x480-7s.mp4'),
  /** A woman left of centre in a 16:9 room, slow camera move, 1280x720, 9.4 s. */
  roomClip: footage('videos', 'landscape-woman-left-of-centre-indoor-1280x720-9s.mp4'),
  /** A stage performer between cuts (a wide shot, a medium shot 3.6-7.9 s, the audience), 640x360, 10 s. */
  stageClip: footage('videos', 'landscape-man-stage-mic-offcentre-cuts-640x360-10s.mp4'),
  /** 5.3 s of recorded English read speech (LibriSpeech). */
  readSpeech: footage('speech', 'en-speech-librispeech-reading-5s.mp3'),
} as const;
